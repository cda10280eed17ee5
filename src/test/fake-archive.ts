import { vi } from 'vitest';

import type { ArchivedProposal } from '../api/archive.ts';
import { alice, chainAnswers, group, policy, proposal } from './chain-fixtures.ts';
import { jsonResponse } from './render.tsx';

type Answer = unknown | ((url: URL) => Response);
const ARCHIVE = '/polity/archive/v1/';

/** The archive's record of the fixture chain's proposal 7, and of a proposal 5 executed and pruned since. */
export const archivedOpen: ArchivedProposal = {
  ...proposal,
  group_id: '1',
  group_name: 'Core contributors',
  policy_name: 'Quick decisions',
  on_chain: true,
  pruned_height: null,
  known_from_height: '10',
  last_seen_height: '40',
};
export const archivedPruned: ArchivedProposal = {
  ...archivedOpen,
  id: '5',
  title: 'Hire an auditor',
  status: 'PROPOSAL_STATUS_ACCEPTED',
  executor_result: 'PROPOSAL_EXECUTOR_RESULT_SUCCESS',
  final_tally_result: { yes_count: '3', abstain_count: '0', no_count: '0', no_with_veto_count: '0' },
  on_chain: false,
  pruned_height: '30',
};

export const archiveAnswers: Record<string, Answer> = {
  status: {
    chain_id: 'test-1',
    phase: 'following',
    earliest_height: '10',
    latest_height: '42',
    latest_block_time: '2026-01-03T00:00:00Z',
    node_latest_height: '42',
    lag: '0',
  },
  proposals: { proposals: [archivedOpen, archivedPruned], pagination: { next_key: null, total: '2' } },
  names: {
    groups: [{ id: '9', name: 'core team', metadata: 'core team', total_weight: '3' }],
    policies: [{ address: policy.address, group_id: '1', name: 'Core treasury', metadata: '{"name":"Core treasury"}' }],
  },
  [`voters/${alice}/votes`]: {
    votes: [
      {
        proposal_id: '5',
        voter: alice,
        option: 'VOTE_OPTION_YES',
        metadata: '',
        submit_time: '2026-01-01T12:00:00Z',
        observed_height: '21',
        weight: '1.000000000000000001',
        pruned_from_chain: true,
        proposal_title: 'Hire an auditor',
        proposal_status: 'PROPOSAL_STATUS_ACCEPTED',
        executor_result: 'PROPOSAL_EXECUTOR_RESULT_SUCCESS',
        group_id: '1',
        group_name: 'Core contributors',
      },
    ],
    pagination: { next_key: null, total: '1' },
  },
};

/**
 * Like stubNode, plus the archive API: `archive` answers its paths (relative to /polity/archive/v1/),
 * 'absent' answers them as a plain node does (501, code 12), and 'html' as a server that falls back
 * to its web page. Other node paths answer "not found" the way a real node does.
 */
export function stubNodeAndArchive(
  archive: Record<string, Answer> | 'absent' | 'html',
  node: Record<string, Answer> = {
    ...chainAnswers,
    '/cosmos/group/v1/groups': { groups: [group], pagination: { next_key: null, total: '1' } },
  },
) {
  const requests: string[] = [];
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://polity.test');
    requests.push(`${url.pathname}${url.search}`);
    const at = url.pathname.indexOf(ARCHIVE);
    let answer: Answer | undefined;
    if (at >= 0) {
      if (archive === 'absent') return jsonResponse({ code: 12, message: 'Not Implemented', details: [] }, 501);
      if (archive === 'html') return new Response('<!doctype html><title>Polity</title>', { status: 200 });
      answer = archive[url.pathname.slice(at + ARCHIVE.length)];
      if (answer === undefined) return jsonResponse({ code: 5, message: 'not in the archive', details: [] }, 404);
    } else {
      answer = node[url.pathname.slice(url.pathname.indexOf('/cosmos/'))];
      if (answer === undefined) return jsonResponse({ code: 2, message: 'not found', details: [] }, 500);
    }
    if (typeof answer === 'function') return (answer as (url: URL) => Response)(url);
    return jsonResponse(answer);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, requests };
}

export { policy };
