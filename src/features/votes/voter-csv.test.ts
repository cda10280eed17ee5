import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';

import { voterRecordPath, type VoterVote } from '../../api/archive-records.ts';
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
  const text = await voterRecordCsv(votes, provenanceOf(chainId));
  const lines = text.split('\n');
  const provenance = lines.filter((line) => line.startsWith('#'));
  const rows = Papa.parse<Record<string, string>>(lines.filter((line) => !line.startsWith('#')).join('\n'), {
    header: true,
  }).data;
  return { provenance, rows };
}

describe('a voter’s CSV export', () => {
  it('says where it came from: endpoint, chain, archive heights, time and the exact query', async () => {
    const { provenance } = await exported([vote({})]);
    expect(provenance).toEqual([
      `# Polity archive export: the votes cast by ${VOTER} that match the query below`,
      '# endpoint: http://node.example:1317',
      '# chain: polity-1; archive heights 1-5000',
      '# exported at: 2026-11-22T10:00:00.000Z',
      `# query: GET /polity/archive/v1/voters/${VOTER}/votes?order=desc&option=VOTE_OPTION_YES (all pages)`,
    ]);
  });

  it('keeps a node-written chain id on its comment line: no line break can forge a row', async () => {
    const { provenance, rows } = await exported([vote({})], 'evil-1\n9,Forged row,1\r\u2028x');
    expect(provenance[2]).toBe('# chain: evil-1\\u{A}9,Forged row,1\\u{D}\\u{2028}x; archive heights 1-5000');
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
    const lines = (await voterRecordCsv([vote({})], provenance)).split('\n');
    expect(lines).toContain(
      `# proof bundle: voter-${VOTER}-proof-bundle.json, SHA-256 ${file.sha256} (35 bytes from ${file.url})`,
    );
    const json = JSON.parse(voterRecordJson([vote({})], provenance)) as { proof_bundle: unknown; votes: unknown[] };
    expect(json.proof_bundle).toEqual({ file_name: file.fileName, sha256: file.sha256, bytes: 35, source: file.url });
    expect(json.votes).toHaveLength(1);
    const none = await voterRecordCsv([], {
      ...provenance,
      proof: { unavailable: 'the archive holds no record of it' },
    });
    expect(none.split('\n')).toContain('# proof bundle: none (the archive holds no record of it)');
  });
});
