import { invalidArgument } from '../../lib/grpc-status.ts';
import { readCursor } from '../store/cursor/cursor-reads.ts';
import { readLiveTallies } from '../store/proposals/live-tallies.ts';
import { readDecidedForVoter, readOpenForMember } from '../store/views/inbox-reads.ts';
import { isAddress, type ArchiveQuery } from './archive-params.ts';
import type { ArchiveSource } from './archive-source.ts';

// `inbox/{address}`: what waits for an address's vote, and what became of the proposals it voted
// on lately. "Now" is the archive's latest block, not the server's clock: an archive catching up
// answers as of the block it reached.

/** Rows per list at most; `*_total` says how many there are in all. */
export const INBOX_LIMIT = 500;
/** How far back `decided` reaches without `since`. */
const DEFAULT_SINCE_MS = 30 * 24 * 3600 * 1000;

/** How many rows a bounded read found in all (uint64 text, as the archive's totals are). */
const totalOf = (rows: readonly { total: string }[]) => rows[0]?.total ?? '0';

export async function inbox(source: ArchiveSource, address: string, query: ArchiveQuery) {
  if (!isAddress(address)) throw invalidArgument(`not a bech32 address: ${JSON.stringify(address)}`);
  const member = address.toLowerCase();
  const given = query.time('since');
  const cursor = await readCursor(source.store.db);
  const since =
    given ?? (cursor && cursor.time !== '' ? new Date(Date.parse(cursor.time) - DEFAULT_SINCE_MS).toISOString() : null);
  const open = await readOpenForMember(source.store.db, member, INBOX_LIMIT);
  const decided = since === null ? [] : await readDecidedForVoter(source.store.db, member, since, INBOX_LIMIT);
  const live = await readLiveTallies(
    source.store.db,
    open.map((row) => row.id),
  );
  return {
    address: member,
    /** The archive's latest block: what "open" and the default `since` are measured against. */
    as_of_height: cursor ? String(cursor.height) : null,
    as_of_time: cursor ? cursor.time : null,
    since,
    open: open.map((row) => ({
      proposal_id: row.id,
      title: row.title,
      group_id: row.group_id,
      group_name: row.group_name ?? '',
      group_policy_address: row.policy_address,
      policy_name: row.policy_name ?? '',
      submit_time: row.submit_time,
      voting_period_end: row.voting_period_end,
      /** The address's weight in the group now (what its vote would count if the tally ran now). */
      weight: row.weight,
      /** Its tally at current weights, as the node would count it now. */
      live_tally: live.get(row.id) ?? null,
    })),
    /** How many are open for it in all (at most INBOX_LIMIT are listed). */
    open_total: totalOf(open),
    decided: decided.map((row) => ({
      proposal_id: row.id,
      title: row.title,
      group_id: row.group_id,
      group_name: row.group_name ?? '',
      group_policy_address: row.policy_address,
      status: row.status,
      executor_result: row.executor_result,
      final_tally_result: JSON.parse(row.final_tally) as Record<string, string>,
      decided_height: row.decided_height,
      decided_time: row.decided_time,
      option: row.option,
      /** The weight the vote counted with (null: it did not count). */
      weight: row.weight,
    })),
    decided_total: totalOf(decided),
  };
}
