import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import { voterRecordPath, type VoterVote } from '../../api/archive-records.ts';
import { exportName, provenanceJson } from '../../lib/export-files.ts';
import { sha256Hex } from '../../lib/export-notes.ts';
import { voterRecordCsv, voterRecordJson } from './voter-csv.ts';

const VOTER = 'cosmos1qy352eufqy352eufqy352eufqy352eufh8ptyx';

const vote = (overrides: Partial<VoterVote>): VoterVote => ({
  proposal_id: '18446744073709551615',
  voter: VOTER,
  option: 'VOTE_OPTION_YES',
  metadata: '',
  submit_time: '2026-10-01T12:00:00Z',
  observed_height: '1200',
  weight: '2.50',
  pruned_from_chain: true,
  proposal_title: 'Fund the bridge',
  proposal_status: 'PROPOSAL_STATUS_ACCEPTED',
  executor_result: 'PROPOSAL_EXECUTOR_RESULT_SUCCESS',
  group_id: '7',
  group_name: 'Treasury',
  ...overrides,
});

const provenanceOf = (chainId: string) => ({
  endpoint: 'http://node.example:1317',
  voter: VOTER,
  query: voterRecordPath(VOTER, { option: 'VOTE_OPTION_YES' }),
  status: {
    chain_id: chainId,
    phase: 'following',
    backfill: null,
    fill: null,
    fill_problem: null,
    problem: null,
    group_module: null,
    earliest_height: '1',
    latest_height: '5000',
    latest_block_time: '2026-11-22T09:59:58Z',
    node_latest_height: '5002',
    lag: '2',
  },
  exportedAt: new Date('2026-11-22T10:00:00Z'),
});

async function exported(votes: VoterVote[], chainId = 'polity-1') {
  const made = await voterRecordCsv(votes, provenanceOf(chainId));
  const sidecar = JSON.parse(provenanceJson('votes', made.provenance)) as { source: Record<string, string> };
  const parsed = Papa.parse<Record<string, string>>(made.csv, { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { csv: made.csv, source: sidecar.source, rows: parsed.data, made };
}

describe('a voter’s CSV export', () => {
  it('is RFC 4180 from its first line, and says in the file beside it where it came from', async () => {
    const { csv, source } = await exported([vote({})]);
    expect(csv.split('\r\n')[0]).toBe(
      'proposal_id,proposal_title,group_id,group_name,option,weight_counted,proposal_status,executor_result,submit_time,observed_height,pruned_from_chain',
    );
    expect(source).toEqual({
      endpoint: 'http://node.example:1317',
      chain_id: 'polity-1',
      archive_heights: '1-5000',
      query: `GET /polity/archive/v1/voters/${VOTER}/votes?order=desc&option=VOTE_OPTION_YES (all pages)`,
    });
  });

  it('keeps a node-written chain id out of the CSV: no line break can forge a row', async () => {
    const { source, rows } = await exported([vote({})], 'evil-1\n9,Forged row,1\r\u2028x');
    expect(source.chain_id).toBe('evil-1\n9,Forged row,1\r\u2028x');
    expect(rows.map((row) => row.proposal_id)).toEqual(['18446744073709551615']);
  });

  it('keeps ids and weights exact and marks pruned votes', async () => {
    const { rows } = await exported([vote({}), vote({ proposal_id: '3', weight: null, pruned_from_chain: false })]);
    expect(rows[0]).toMatchObject({
      proposal_id: '18446744073709551615',
      weight_counted: '2.50',
      observed_height: '1200',
      pruned_from_chain: 'yes',
    });
    expect(rows[1]).toMatchObject({ proposal_id: '3', weight_counted: '', pruned_from_chain: 'no' });
  });

  it('never lets an attacker-written title become a spreadsheet formula', async () => {
    const { rows } = await exported([vote({ proposal_title: '=HYPERLINK("http://evil","x")', group_name: '+1' })]);
    expect(rows[0].proposal_title.startsWith('=')).toBe(false);
    expect(rows[0].proposal_title).toContain('HYPERLINK');
    expect(rows[0].group_name.startsWith('+')).toBe(false);
  });

  it('names the proof bundle exported beside it by the SHA-256 of the file’s bytes, CSV and JSON alike', async () => {
    const bytes = new TextEncoder().encode('{"format":"polity-proof-bundle/1"}\n');
    const file = {
      bytes,
      sha256: await sha256Hex(bytes),
      fileName: `voter-${VOTER}-proof-bundle.json`,
      url: `http://node.example:1317/polity/archive/v1/proofs/voters/${VOTER}`,
    };
    // sha256sum of the file's 35 bytes, as an auditor's shell prints it.
    expect(file.sha256).toBe('ee55dea88f7285855d50f140c9b741f62548771a6ec0f7947d909d976f2fcfa3');
    const provenance = { ...provenanceOf('polity-1'), proof: file };
    const made = await voterRecordCsv([vote({})], provenance);
    // The names carry the bundle's hash; the sidecar names the bundle in full.
    const name = exportName(`votes-${VOTER}`, made.provenance.proof);
    expect(name).toBe(`votes-${VOTER}-ee55dea88f72`);
    const sidecar = JSON.parse(provenanceJson(name, made.provenance)) as Record<string, unknown>;
    expect(sidecar).toMatchObject({
      file: `${name}.csv`,
      proof_bundle: { file_name: file.fileName, sha256: file.sha256, bytes: 35, source: file.url },
      check: `sha256sum ${file.fileName} prints the hash above; npx polity-verify ${file.fileName} checks it with no server`,
    });
    const json = JSON.parse(voterRecordJson([vote({})], provenance)) as { proof_bundle: unknown; votes: unknown[] };
    expect(json.proof_bundle).toEqual({ file_name: file.fileName, sha256: file.sha256, bytes: 35, source: file.url });
    expect(json.votes).toHaveLength(1);
    const none = await voterRecordCsv([], {
      ...provenance,
      proof: { unavailable: 'the archive holds no record of it' },
    });
    expect(exportName('votes', none.provenance.proof)).toBe('votes');
    expect(JSON.parse(provenanceJson('votes', none.provenance))).toMatchObject({
      proof_bundle: { unavailable: 'the archive holds no record of it' },
    });
  });
});
