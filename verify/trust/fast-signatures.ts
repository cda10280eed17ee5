import type { BundleLightBlock } from '../bundle-format.ts';
import { hexOf } from '../bytes.ts';
import { BLOCK_ID_FLAG_COMMIT, precommitSignature } from './commit.ts';
import type { VerifierMemory } from './verifier-memory.ts';

// The platform's own Ed25519 (WebCrypto: native code in browsers and in Node) checks a bundle's
// signatures before the verifier walks its chain of trust, all at once and off the JavaScript
// engine: twenty to fifty times faster than the portable curve code. It only ever says "yes":
// WebCrypto verifies as RFC 8032 does (canonical encodings, the cofactorless equation), and a
// signature valid by those rules is valid by ZIP-215's, which CometBFT uses. A signature it
// refuses, or a platform without it, is left to the portable ZIP-215 check, which decides.

/** The part of WebCrypto's SubtleCrypto used here (browsers and Node alike have it). */
interface Ed25519Subtle {
  importKey(
    format: 'raw',
    keyData: Uint8Array,
    algorithm: { name: 'Ed25519' },
    extractable: false,
    usages: ['verify'],
  ): Promise<unknown>;
  verify(algorithm: { name: 'Ed25519' }, key: unknown, signature: Uint8Array, data: Uint8Array): Promise<boolean>;
}

function platformSubtle(): Ed25519Subtle | null {
  const subtle = (globalThis as { crypto?: { subtle?: unknown } }).crypto?.subtle;
  return subtle ? (subtle as Ed25519Subtle) : null;
}

export interface Preverified {
  /** Signatures the platform checked and found valid. */
  accepted: number;
  /** Signatures it did not accept (left to the portable check). */
  leftOver: number;
  /** False when the platform has no Ed25519: everything is left to the portable check. */
  native: boolean;
}

/**
 * Checks every precommit signature of `blocks` with the platform's Ed25519, remembering those
 * that verify (in `memory`) so the chain-of-trust walk does not check them again. Never decides against a
 * signature; never throws.
 */
export async function preverifySignatures(
  chainId: string,
  blocks: readonly BundleLightBlock[],
  memory: VerifierMemory,
  subtle: Ed25519Subtle | null = platformSubtle(),
): Promise<Preverified> {
  const checks = blocks.flatMap((block) => {
    const { commit } = block.signed_header;
    const byAddress = new Map(block.validator_set.map((validator) => [validator.address.toUpperCase(), validator]));
    return commit.signatures.flatMap((sig) => {
      const validator = byAddress.get(sig.validator_address.toUpperCase());
      if (sig.block_id_flag !== BLOCK_ID_FLAG_COMMIT || !validator) return [];
      const precommit = precommitSignature(chainId, commit, sig, validator, memory);
      return precommit ? [precommit] : [];
    });
  });
  if (!subtle) return { accepted: 0, leftOver: checks.length, native: false };
  const keys = new Map<string, Promise<unknown>>();
  const keyOf = (key: Uint8Array) => {
    const hex = hexOf(key);
    let imported = keys.get(hex);
    if (!imported) {
      imported = subtle.importKey('raw', key, { name: 'Ed25519' }, false, ['verify']);
      keys.set(hex, imported);
    }
    return imported;
  };
  const outcomes = await Promise.all(
    checks.map(async ({ key, signature, message }) => {
      try {
        const valid = await subtle.verify({ name: 'Ed25519' }, await keyOf(key), signature, message);
        if (valid) memory.rememberSignature(signature, message, key);
        return valid;
      } catch {
        return false; // no Ed25519 here, or a key it will not import: the portable check decides
      }
    }),
  );
  const accepted = outcomes.filter(Boolean).length;
  return { accepted, leftOver: checks.length - accepted, native: accepted > 0 };
}
