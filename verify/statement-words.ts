import { allOf } from './records/completeness.ts';
import type { Statement } from './records/facts.ts';

// What one proven statement says, in words: a vote, a proposal's record, a membership, a set.
// Every value comes from the bundle (addresses, titles): whoever shows these words shows them as text.

/** What each kind of statement is called, one of them and several. */
export const NOUNS: Record<string, string> = {
  vote: 'vote',
  proposal: 'proposal record',
  member: 'membership',
  policy: 'group policy',
  'submit-proposal': 'submission',
  exec: 'execution',
  withdraw: 'withdrawal',
  'update-members': 'membership change',
  'create-group': 'group creation',
  'leave-group': 'departure',
  'upgrade-plan': 'upgrade plan',
  'upgrade-applied': 'applied upgrade',
  'vote-set': 'complete vote set',
  'member-set': 'complete member set',
  'policy-set': 'complete policy set',
  'policy-proposal-set': 'complete stored-proposal set',
  'proposal-sequence': 'proposal sequence',
  balance: 'balance',
  'balance-set': 'complete treasury',
};

const OPTION = /^VOTE_OPTION_/;
const STATUS = /^PROPOSAL_STATUS_/;
const EXECUTOR = /^PROPOSAL_EXECUTOR_RESULT_/;

/** A record in a few words: "vote of cosmos1… YES on #7", "proposal #7: ACCEPTED, …". */
export function describeStatement(statement: Statement): string {
  const field = (name: string) => statement[name] ?? '?';
  const on = statement.proposal_id ? ` on #${statement.proposal_id}` : '';
  switch (statement.kind) {
    case 'vote':
      return statement.stored === 'no'
        ? `no vote of ${field('voter')}${on} stored`
        : `vote of ${field('voter')}${statement.option ? ` ${statement.option.replace(OPTION, '')}` : ''}${on}${
            statement.by ? ` (cast by its ${NOUNS[statement.by] ?? statement.by})` : ''
          }`;
    case 'proposal':
      if (statement.stored === 'no') return `proposal #${field('proposal_id')} not stored (pruned)`;
      return [
        `proposal #${field('proposal_id')}${statement.status ? `: ${statement.status.replace(STATUS, '')}` : ''}`,
        statement.executor_result ? `executor ${statement.executor_result.replace(EXECUTOR, '')}` : '',
        statement.final_tally ? `final tally yes/no/abstain/veto ${statement.final_tally}` : '',
      ]
        .filter(Boolean)
        .join(', ');
    case 'submit-proposal':
      return [
        `submission${statement.proposal_id ? ` of #${statement.proposal_id}` : ''}`,
        statement.title ? ` “${statement.title}”` : '',
        statement.proposers ? ` by ${statement.proposers}` : '',
      ].join('');
    case 'exec':
      // With EXEC_TRY, a submission or a vote tries the execution in the same transaction.
      return `execution of #${field('proposal_id')}${
        statement.executor
          ? ` by ${statement.executor}`
          : statement.by
            ? ` (tried by its ${NOUNS[statement.by] ?? statement.by}, EXEC_TRY)`
            : ''
      }`;
    case 'withdraw':
      return `withdrawal of #${field('proposal_id')} by ${field('address')}`;
    case 'update-members':
      return `membership change of group ${field('group_id')}: ${field('members')}`;
    case 'create-group':
      return `group creation by ${field('admin')}: ${field('members')}`;
    case 'leave-group':
      return `departure of ${field('address')} from group ${field('group_id')}`;
    case 'member':
      return statement.stored === 'no'
        ? `no membership of ${field('address')} in group ${field('group_id')}`
        : `membership of ${field('address')} in group ${field('group_id')}, weight ${field('weight')}`;
    case 'policy':
      return statement.stored === 'no'
        ? `no group policy ${field('address')} stored`
        : `group policy ${field('address')} of group ${field('group_id')}, version ${field('version')}, ${field('decision_policy')}`;
    case 'upgrade-plan':
      return statement.scheduled === 'no'
        ? 'no upgrade plan scheduled'
        : `upgrade plan ${field('name')} at height ${field('height')}`;
    case 'policy-proposal-set':
      return `${allOf(field('count'), 'proposal')} policy ${field('group_policy_address')} stores, complete`;
    case 'proposal-sequence':
      return `the proposal sequence at ${field('last_id')}`;
    case 'policy-set':
      return `${allOf(field('count'), 'policy')} of group ${field('group_id')}, complete`;
    case 'member-set':
      return `${allOf(field('count'), 'member')} of group ${field('group_id')}, complete`;
    case 'vote-set':
      return `${allOf(field('count'), 'vote')}${on}${statement.options ? ` (${statement.options})` : ''}, complete`;
    case 'upgrade-applied':
      return `upgrade ${field('name')} applied at height ${field('height')}`;
    case 'balance-set':
      return statement.count === '0'
        ? `no balance held by ${field('address')}, complete`
        : `every balance held by ${field('address')}: ${field('balances')}, complete`;
    case 'balance':
      return `balance of ${field('address')}: ${field('amount')} ${field('denom')}`;
    default:
      return (
        Object.entries(statement)
          .filter(([name]) => name !== 'kind')
          .map(([name, value]) => `${name} ${value}`)
          .join(', ') || 'a record'
      );
  }
}
