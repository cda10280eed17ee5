import type { LightBlockJson } from '../../trust/light-block.ts';
import { timeAfter } from '../forge-chain.ts';
import { fourValidatorChain } from '../real-node.ts';
import { accept, CHAIN, clone, named, next, PERIOD, refuse, root, type LightVector } from './vector-kit.ts';

// A real SDK chain's genesis lists no validators: the first set is made from its gen_txs (or an
// exported genesis's staking state). Rows on a real four-validator chain (simd v0.50.13). Then
// witnesses: another node's header at the height the verifier just verified.

type GenTx = {
  body: { messages: Record<string, unknown>[] };
};

const genesis = fourValidatorChain.genesis;
const firstBlock = fourValidatorChain.light_blocks[0];
const genTxsOf = (document: Record<string, unknown>) =>
  (document.app_state as { genutil: { gen_txs: GenTx[] } }).genutil.gen_txs;

function document(change: (genTxs: GenTx[]) => void): Record<string, unknown> {
  const copy = clone(genesis);
  change(genTxsOf(copy));
  return copy;
}

function exported(): Record<string, unknown> {
  const copy = clone(genesis);
  const messages = genTxsOf(copy).map((genTx) => genTx.body.messages[0]);
  copy.app_state = {
    staking: {
      params: { bond_denom: 'stake' },
      validators: messages.map((message) => ({
        operator_address: message.validator_address,
        consensus_pubkey: message.pubkey,
      })),
      last_validator_powers: messages.map((message) => ({ address: message.validator_address, power: '100' })),
    },
  };
  return copy;
}

export function genesisDocumentVectors(): LightVector[] {
  const row = (name: string, doc: Record<string, unknown>, expect: LightVector['expect']): LightVector => ({
    name,
    kind: 'genesis-document',
    chain_id: fourValidatorChain.chain_id,
    genesis: doc,
    block: firstBlock,
    expect,
  });
  const value = (genTx: GenTx) => genTx.body.messages[0].value as { denom: string; amount: string };
  return [
    row('genesis document: a real chain’s gen_txs make the set header 1 names', genesis, accept),
    row(
      'genesis document: one gen_tx’s self-delegation changed',
      document((genTxs) => (value(genTxs[2]).amount = '200000000')),
      refuse('validator-set-mismatch'),
    ),
    row('genesis document: an exported genesis’s staking state', exported(), accept),
    row(
      'genesis document: a gen_tx with a secp256k1 consensus key',
      document(
        (genTxs) =>
          ((genTxs[0].body.messages[0].pubkey as { '@type': string })['@type'] = '/cosmos.crypto.secp256k1.PubKey'),
      ),
      refuse('key-not-ed25519'),
    ),
    row(
      'genesis document: a gen_tx delegating another denom than the bond denom',
      document((genTxs) => (value(genTxs[1]).denom = 'uatom')),
      refuse('malformed'),
    ),
    // Power is the self-delegation divided by 10^6, rounded down (the SDK's TokensToConsensusPower):
    // 100,999,999 is still 100, so the set header 1 names is unchanged; rounding up would make 101.
    row(
      'genesis document: a self-delegation with a remainder is rounded down to whole power',
      document((genTxs) => (value(genTxs[0]).amount = '100999999')),
      accept,
    ),
    row(
      'genesis document: a gen_tx below one unit of power is not in the set',
      document((genTxs) => (value(genTxs[3]).amount = '999999')),
      refuse('validator-set-mismatch'),
    ),
    row(
      'genesis document: no gen_tx at all',
      document((genTxs) => genTxs.splice(0)),
      refuse('empty-validator-set'),
    ),
  ];
}

export function witnessVectors(): LightVector[] {
  const row = (name: string, witness: LightBlockJson, expect: LightVector['expect']): LightVector => ({
    name,
    kind: 'witness',
    chain_id: CHAIN,
    now: timeAfter(2 * 3600),
    trusting_period_seconds: PERIOD,
    trusted: root.block,
    primary: next(),
    witness,
    expect,
  });
  return [
    row('witness: names the same header', next(), accept),
    row(
      'witness: the same height signed by other validators of the same chain',
      next({ validators: named('fork', [10n, 20n, 30n, 40n, 50n]) }),
      refuse('witness-conflict'),
    ),
    row(
      'witness: another header signed by the same validators (they equivocated)',
      next({ appHash: 'AB'.repeat(32) }),
      refuse('witness-conflict'),
    ),
  ];
}
