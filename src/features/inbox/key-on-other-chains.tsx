import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { queryOptions, skipToken, useQueries } from '@tanstack/react-query';

import type { InboxOpenProposal } from '../../api/archive-inbox.ts';
import { getVoterRecord } from '../../api/archive-records.ts';
import { getVotesByVoter } from '../../api/endpoints.ts';
import { AppLink } from '../../components/page/app-link.tsx';
import { ChainLabel } from '../../components/text/on-chain-text.tsx';
import { IdText } from '../../components/values/id-text.tsx';
import { AWAITING_TALLY, RelativeTime } from '../../components/values/relative-time.tsx';
import { prefixOfChainQuery } from '../../hooks/use-chain-prefix.ts';
import { useServedChains } from '../../hooks/use-served-chains.ts';
import { sameKeyAs, shortAddress } from '../../lib/chain/address.ts';
import type { ServedChain } from '../../lib/chain/served-chains.ts';
import { grouped } from '../../lib/format-number.ts';
import { instant } from '../../lib/time.ts';
import classes from './inbox.module.css';
import { inboxQueries } from './queries.ts';

interface KeyThere {
  chain: ServedChain;
  /** The key's address on that chain; null while its prefix is not known. */
  address: string | null;
  /** Its prefix cannot be learned: the server does not say it and the chain has no group to tell. */
  prefixUnknown: boolean;
}

/** Votes cast, from the chain's archive (all of them) or its node (those it still stores). */
const votesCastQuery = ({ chain, address }: KeyThere) =>
  queryOptions({
    queryKey: ['api', chain.path, 'voters', address, 'votes-cast', chain.archive ? 'archive' : 'node'],
    queryFn:
      address === null
        ? skipToken
        : ({ signal }) =>
            chain.archive
              ? getVoterRecord(chain.path, address, {}, { param: null, limit: 1, signal }).then(
                  (page) => page.pagination.total,
                )
              : getVotesByVoter(chain.path, address, { param: null, limit: 1, signal }).then(
                  (page) => page.pagination.total,
                ),
    staleTime: 30_000,
  });

/** When a voting period ends, as a number: the chains' times are compared as instants, not as text. */
const endOf = (entry: { proposal: InboxOpenProposal }) => instant(entry.proposal.voting_period_end)?.getTime() ?? 0;

function OpenAcrossChains({ open }: { open: { chain: ServedChain; proposal: InboxOpenProposal }[] }) {
  if (open.length === 0) return null;
  return (
    <Table striped data-testid="other-chains-open" className={classes.stacked}>
      <Table.Caption>Waiting for this key’s vote on the other chains, soonest to close first</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Chain</Table.Th>
          <Table.Th>Proposal</Table.Th>
          <Table.Th>Time left</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {open.map(({ chain, proposal }) => {
          const end = instant(proposal.voting_period_end);
          return (
            <Table.Tr key={`${chain.path} ${proposal.proposal_id}`}>
              <Table.Td data-label="Chain">{chain.prettyName}</Table.Td>
              <Table.Td data-label="Proposal">
                <AppLink to={`/proposals/${proposal.proposal_id}`} endpoint={chain.path}>
                  <IdText id={proposal.proposal_id} /> <ChainLabel value={proposal.title} fallback="(untitled)" />
                </AppLink>
              </Table.Td>
              <Table.Td data-label="Time left">
                {end ? (
                  <RelativeTime date={end} prefix="closes " past="voting ended " afterPast={AWAITING_TALLY} />
                ) : (
                  'unknown'
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The same key on every other chain this server serves (the same bytes, each chain's prefix): what
 * waits for its vote there and how many votes it cast, per chain, and the open proposals in one list.
 */
export function KeyOnOtherChains({ endpoint, address }: { endpoint: string; address: string }) {
  const others = useServedChains().filter((chain) => chain.path !== endpoint);
  const prefixes = useQueries({
    queries: others.map((chain) => ({ ...prefixOfChainQuery(chain.path), enabled: chain.prefix === null })),
  });
  const keys: KeyThere[] = others.map((chain, index) => {
    const prefix = chain.prefix ?? prefixes[index].data ?? null;
    const asked = prefixes[index];
    return {
      chain,
      address: prefix === null ? null : sameKeyAs(address, prefix),
      prefixUnknown: prefix === null && (asked.isError || asked.isSuccess),
    };
  });
  const inboxes = useQueries({
    queries: keys.map((key) => ({
      ...inboxQueries.forAddress(key.chain.path, key.address ?? ''),
      enabled: key.chain.archive && key.address !== null,
    })),
  });
  const votesCast = useQueries({ queries: keys.map(votesCastQuery) });
  if (others.length === 0) return null;
  const open = keys
    .flatMap((key, index) => (inboxes[index].data?.open ?? []).map((proposal) => ({ chain: key.chain, proposal })))
    .sort((one, other) => endOf(one) - endOf(other));
  return (
    <Card data-testid="key-on-other-chains">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          This key on the other chains this server serves
        </Title>
        <Table striped className={classes.stacked}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Chain</Table.Th>
              <Table.Th>Its address there</Table.Th>
              <Table.Th>Waiting for its vote</Table.Th>
              <Table.Th>Votes cast</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((key, index) => {
              const inbox = inboxes[index];
              const cast = votesCast[index];
              return (
                <Table.Tr key={key.chain.path} data-testid={`key-on-${key.chain.name}`}>
                  <Table.Td data-label="Chain">{key.chain.prettyName}</Table.Td>
                  <Table.Td data-label="Its address there">
                    {key.address === null ? (
                      <Text fz="sm" c="dimmed">
                        {key.prefixUnknown
                          ? 'not known: the server does not say its prefix, and it has no group to tell'
                          : '…'}
                      </Text>
                    ) : (
                      <AppLink to={`/voters/${key.address}`} endpoint={key.chain.path} ff="monospace" fz="sm">
                        {shortAddress(key.address)}
                      </AppLink>
                    )}
                  </Table.Td>
                  <Table.Td data-label="Waiting for its vote">
                    {!key.chain.archive || key.address === null ? (
                      <Text fz="sm" c="dimmed">
                        {!key.chain.archive ? 'no archive there to ask' : key.prefixUnknown ? '—' : '…'}
                      </Text>
                    ) : inbox.data ? (
                      <AppLink to={`/inbox/${key.address}`} endpoint={key.chain.path} fz="sm">
                        {grouped(inbox.data.open_total)} open
                      </AppLink>
                    ) : (
                      <Text fz="sm" c={inbox.isError ? 'red' : 'dimmed'}>
                        {inbox.isError ? 'not answered' : '…'}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label="Votes cast">
                    <Text fz="sm" c={cast.isError ? 'red' : undefined}>
                      {cast.data !== undefined
                        ? grouped(cast.data)
                        : cast.isError
                          ? 'not answered'
                          : key.prefixUnknown
                            ? '—'
                            : '…'}
                      {cast.data !== undefined && !key.chain.archive && ' the node still stores'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        <OpenAcrossChains open={open} />
      </Stack>
    </Card>
  );
}
