import { describe, expect, it } from 'vitest';

import { openNode } from '../../../test/harness.ts';
import { encodeAccAddress } from '../../lib/bech32-sdk.ts';
import { decFromInt } from '../../lib/legacy-dec.ts';
import { BlockBuilder } from '../../sim/block-builder.ts';
import { ChainError } from '../chain-error.ts';
import type { AbciEvent } from '../events.ts';
import { routeProposalMsg } from '../tx/msg-router.ts';
import { UpgradeKeeper } from '../upgrade/keeper.ts';
import { GENESIS_GOV_PARAMS } from './gov-params.ts';
import { GO_ZERO_TIME, type ProposalMsg } from './gov-records.ts';
import { GovKeeper } from './keeper.ts';
import { GOV_MODULE_ADDRESS } from './module-account.ts';
import type { Stake } from './stake.ts';

// x/gov's rules on a keeper of its own: one validator with 60 tokens of its own and two
// delegators with 30 and 10, so that who votes what decides every branch of the tally.

const T0 = Date.parse('2026-11-01T12:00:00Z');
const account = (byte: number) => {
  const bytes = Buffer.alloc(20, byte);
  return { address: encodeAccAddress(bytes), key: bytes.toString('latin1') };
};
const validator = account(1);
const big = account(2);
const small = account(3);
const STAKE: Stake = {
  validators: [
    { operator: 'cosmosvaloper1test', operatorKey: validator.key, tokens: 100n, delegatorShares: decFromInt(100n) },
  ],
  delegations: [
    {
      delegator: validator.address,
      delegatorKey: validator.key,
      validator: 'cosmosvaloper1test',
      shares: decFromInt(60n),
    },
    { delegator: big.address, delegatorKey: big.key, validator: 'cosmosvaloper1test', shares: decFromInt(30n) },
    { delegator: small.address, delegatorKey: small.key, validator: 'cosmosvaloper1test', shares: decFromInt(10n) },
  ],
};

const plan = (name: string, height: bigint): ProposalMsg => ({
  typeUrl: '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade',
  authority: GOV_MODULE_ADDRESS,
  plan: { name, height, info: '{}' },
  planTime: GO_ZERO_TIME,
});

function setup(params = GENESIS_GOV_PARAMS) {
  const upgrade = new UpgradeKeeper();
  const gov = new GovKeeper({
    execute: (msg, at) => routeProposalMsg(msg, upgrade, at),
    checkpoint: () => upgrade.checkpoint(),
  });
  gov.store.setGenesis(params, STAKE);
  const events: AbciEvent[] = [];
  gov.store.events = (event) => events.push(event);
  const submit = (messages: ProposalMsg[], deposit = '10') =>
    gov.msgs.submitProposal(
      {
        messages,
        initialDeposit: [{ denom: 'stake', amount: deposit }],
        proposer: validator.address,
        metadata: '',
        title: 'upgrade',
        summary: 's',
        expedited: false,
      },
      T0,
    );
  /** Runs the end-blocker after the voting period and returns what it emitted. */
  const endVoting = (height = 10n) => {
    events.length = 0;
    gov.endBlock(height, T0 + 15_000);
    return events.map((event) => [event.type, ...event.attributes.map((entry) => `${entry.key}=${entry.value}`)]);
  };
  return { upgrade, gov, events, submit, endVoting };
}

const announcement = (id: bigint, result: string, log: string) => [
  'active_proposal',
  `proposal_id=${id}`,
  `proposal_result=${result}`,
  `proposal_log=${log}`,
];
const refund = (to: string) => [
  ['coin_spent', `spender=${GOV_MODULE_ADDRESS}`, 'amount=10stake'],
  ['coin_received', `receiver=${to}`, 'amount=10stake'],
  ['transfer', `recipient=${to}`, `sender=${GOV_MODULE_ADDRESS}`, 'amount=10stake'],
  ['message', `sender=${GOV_MODULE_ADDRESS}`],
];

describe("x/gov's tally and end-blocker", () => {
  it("passes on the validator's yes, refunds the deposit and schedules the plan", () => {
    const { gov, upgrade, submit, endVoting } = setup();
    const id = submit([plan('v2', 100n)]);
    expect(gov.store.proposal(id)?.status).toBe('PROPOSAL_STATUS_VOTING_PERIOD');
    gov.msgs.vote(id, validator.address, 1, '');
    gov.msgs.vote(id, small.address, 3, '');
    expect(endVoting()).toEqual([...refund(validator.address), announcement(id, 'proposal_passed', 'passed')]);
    expect(gov.store.proposal(id)).toMatchObject({
      status: 'PROPOSAL_STATUS_PASSED',
      finalTally: { yes: '90', abstain: '0', no: '10', veto: '0' },
    });
    expect(gov.store.votesOf(id).size).toBe(0);
    expect(upgrade.pending?.plan).toEqual({ name: 'v2', height: 100n, info: '{}' });
  });

  it('delegators who vote override their share of the validator; a majority of no rejects', () => {
    const { gov, upgrade, submit, endVoting } = setup();
    const id = submit([plan('v2', 100n)]);
    gov.msgs.vote(id, validator.address, 1, '');
    gov.msgs.vote(id, big.address, 3, '');
    gov.msgs.vote(id, small.address, 3, '');
    gov.msgs.vote(id, validator.address, 3, ''); // a second vote replaces the first
    expect(endVoting().at(-1)).toEqual(announcement(id, 'proposal_rejected', 'rejected'));
    expect(gov.store.proposal(id)).toMatchObject({
      status: 'PROPOSAL_STATUS_REJECTED',
      failedReason: 'proposal did not get enough votes to pass',
      finalTally: { yes: '0', abstain: '0', no: '100', veto: '0' },
    });
    expect(upgrade.pending).toBeNull();
  });

  it('without quorum it is rejected and the deposit refunded; a veto over a third burns it', () => {
    const quiet = setup();
    const id = quiet.submit([plan('v2', 100n)]);
    quiet.gov.msgs.vote(id, small.address, 1, ''); // 10 of 100 bonded: under the 0.334 quorum
    expect(quiet.endVoting()).toEqual([
      ...refund(validator.address),
      announcement(id, 'proposal_rejected', 'rejected'),
    ]);

    const vetoed = setup();
    const other = vetoed.submit([plan('v2', 100n)]);
    vetoed.gov.msgs.vote(other, validator.address, 1, '');
    vetoed.gov.msgs.vote(other, big.address, 4, ''); // 30 of 100: not yet over a third
    vetoed.gov.msgs.vote(other, small.address, 4, ''); // 40 of 100: vetoed
    expect(vetoed.endVoting()).toEqual([
      ['coin_spent', `spender=${GOV_MODULE_ADDRESS}`, 'amount=10stake'],
      ['burn', `burner=${GOV_MODULE_ADDRESS}`, 'amount=10stake'],
      announcement(other, 'proposal_rejected', 'rejected'),
    ]);
  });

  it('a passed proposal whose message fails is FAILED, and its messages change nothing', () => {
    const { gov, upgrade, submit, endVoting } = setup();
    const id = submit([
      { typeUrl: '/cosmos.upgrade.v1beta1.MsgCancelUpgrade', authority: GOV_MODULE_ADDRESS },
      plan('v2', 5n),
    ]);
    upgrade.scheduleUpgrade({ name: 'v1', height: 50n, info: '' }, { height: 1n, time: T0 });
    gov.msgs.vote(id, validator.address, 1, '');
    const reason = 'upgrade cannot be scheduled in the past: invalid request';
    expect(endVoting(10n).at(-1)).toEqual(
      announcement(
        id,
        'proposal_failed',
        `passed, but msg 1 (/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade) failed on execution: ${reason}`,
      ),
    );
    expect(gov.store.proposal(id)).toMatchObject({ status: 'PROPOSAL_STATUS_FAILED', failedReason: reason });
    // The cancel (message 0) ran in the cached context and was discarded with it.
    expect(upgrade.pending?.plan.name).toBe('v1');
  });

  it('a deposit under the minimum keeps the proposal out of voting, and it is dropped at the deposit end', () => {
    const { gov, submit, endVoting } = setup({ ...GENESIS_GOV_PARAMS, minDeposit: [{ denom: 'stake', amount: '20' }] });
    const id = submit([plan('v2', 100n)], '10');
    expect(gov.store.proposal(id)?.status).toBe('PROPOSAL_STATUS_DEPOSIT_PERIOD');
    expect(() => gov.msgs.vote(id, validator.address, 1, '')).toThrow(`${id}: inactive proposal`);
    expect(endVoting()).toEqual([
      ...refund(validator.address),
      ['inactive_proposal', `proposal_id=${id}`, 'proposal_result=proposal_dropped'],
    ]);
    expect(gov.store.proposal(id)).toBeUndefined();
  });
});

describe("x/gov's and x/upgrade's Msg services refuse what a node refuses", () => {
  const refused = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      if (error instanceof ChainError) return [error.codespace, error.code, error.message];
      throw error;
    }
    return null;
  };

  it('a proposal message must have the gov account as its only signer', () => {
    const { gov, submit } = setup();
    const foreign: ProposalMsg = { ...plan('v2', 100n), authority: big.address };
    expect(refused(() => submit([foreign]))).toEqual([
      'gov',
      13,
      `${big.address}: expected gov account as only signer for proposal message`,
    ]);
    expect(gov.store.nextProposalId).toBe(1n); // nothing was written
  });

  it('a direct MsgSoftwareUpgrade transaction from anyone but gov fails in x/upgrade', () => {
    const node = openNode();
    const builder = new BlockBuilder(node, node.chainId, 'cometbft');
    const pending = node.upgrade.pending;
    builder.deliver({
      typeUrl: '/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade',
      value: {
        authority: big.address,
        plan: { name: 'sneaky', time: GO_ZERO_TIME, height: node.height + 10n, info: '' },
      },
    });
    const result = builder.finish(node.height + 1n, node.time + 1, '').txResults[0];
    expect(result).toMatchObject({ code: 6, codespace: 'upgrade' });
    expect(result.log).toBe(
      `failed to execute message; message index: 0: expected ${GOV_MODULE_ADDRESS} got ${big.address}: ` +
        'expected authority account as only signer for proposal message',
    );
    expect(node.upgrade.pending).toBe(pending);
  });

  it('votes need a proposal in its voting period and a valid option', () => {
    const { gov } = setup();
    expect(refused(() => gov.msgs.vote(7n, validator.address, 1, ''))).toEqual(['gov', 3, '7: inactive proposal']);
    expect(refused(() => gov.msgs.vote(7n, validator.address, 0, ''))).toEqual([
      'gov',
      7,
      'VOTE_OPTION_UNSPECIFIED: invalid vote option',
    ]);
  });
});
