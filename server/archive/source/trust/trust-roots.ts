import type { RootProvenanceJson, TrustRootJson } from '../../../../verify/bundle-format.ts';
import { genesisMismatchWords } from '../../../../verify/trust/chain-of-trust.ts';
import { headerHashOf } from '../../../../verify/trust/header.ts';
import { failed, type LightBlockJson } from '../../../../verify/trust/light-block.ts';
import { validatorSetHashOf } from '../../../../verify/trust/validator-set.ts';
import type { VerifierMemory } from '../../../../verify/trust/verifier-memory.ts';
import { NotServedError, type ProofReader } from '../proof-reader.ts';
import { HeaderRefusedError } from './header-refused.ts';
import type { Witnesses } from './witnesses.ts';

// The three ways a light client's trust begins: a chain's genesis (its first set checked against
// the header at its initial height), a header the operator pinned by its hash, or — on a node that
// keeps no early blocks — the newest header the node and its witnesses all name alike.

export interface EstablishedRoot {
  root: TrustRootJson;
  provenance: RootProvenanceJson;
  /** The root's own light block, signed by the set it names: the first the client keeps. */
  first: LightBlockJson;
}

type LightBlockAt = (height: bigint) => Promise<LightBlockJson>;

async function genesisRoot(
  chainId: string,
  reader: ProofReader,
  memory: VerifierMemory,
  lightBlockAt: LightBlockAt,
): Promise<EstablishedRoot> {
  const genesis = await reader.genesisValidators();
  if (genesis.chainId !== chainId)
    throw new HeaderRefusedError(`the genesis is of chain ${genesis.chainId}, not ${chainId}`, 'wrong-chain');
  if (failed(genesis.set)) throw new HeaderRefusedError(`the genesis: ${genesis.set.problem}`, genesis.set.code);
  const { validators, from } = genesis.set;
  const first = await lightBlockAt(BigInt(genesis.initialHeight));
  const genesisSet = validatorSetHashOf(validators, memory);
  if (failed(genesisSet))
    throw new HeaderRefusedError(`the genesis validators: ${genesisSet.problem}`, genesisSet.code);
  if (first.signed_header.header.validators_hash.toUpperCase() !== genesisSet.hash)
    throw new HeaderRefusedError(genesisMismatchWords(validators, genesisSet.hash, first), 'validator-set-mismatch');
  return {
    root: { kind: 'genesis', initial_height: genesis.initialHeight, genesis_time: genesis.genesisTime, validators },
    provenance: { kind: 'genesis', set_from: from, genesis_sha256: genesis.sha256 },
    first,
  };
}

/**
 * The genesis root; where the node keeps no genesis or no first header (a pruned node), the root
 * its witnesses agree on — when it has any. Never a silent fallback: the provenance says which.
 */
export async function rootFromGenesis(
  chainId: string,
  reader: ProofReader,
  memory: VerifierMemory,
  witnesses: Witnesses | null,
  lightBlockAt: LightBlockAt,
): Promise<EstablishedRoot> {
  try {
    return await genesisRoot(chainId, reader, memory, lightBlockAt);
  } catch (error) {
    if (!(error instanceof NotServedError) || !witnesses?.count) throw error;
    const agreed = await witnesses.agreedRoot(reader);
    if (!agreed)
      throw new NotServedError(`${error.message}; and no witness answered to agree on a root (two nodes are needed)`);
    const height = agreed.block.signed_header.header.height;
    return {
      root: { kind: 'header', height, hash: agreed.hash },
      provenance: { kind: 'agreement', nodes: agreed.nodes },
      first: agreed.block,
    };
  }
}

/** The header the operator named by height and hash. */
export async function pinnedRoot(
  trust: { height: bigint; hash: string },
  lightBlockAt: LightBlockAt,
): Promise<EstablishedRoot> {
  const first = await lightBlockAt(trust.height);
  const hashed = headerHashOf(first.signed_header.header);
  if (failed(hashed) || hashed.hash !== trust.hash) {
    throw new HeaderRefusedError(
      `header ${trust.height} hashes to ${failed(hashed) ? 'nothing' : hashed.hash}, not the trusted ${trust.hash}`,
      'header-hash-mismatch',
    );
  }
  return {
    root: { kind: 'header', height: String(trust.height), hash: trust.hash },
    provenance: { kind: 'pin' },
    first,
  };
}
