import { refusal, type Refusal } from '../problem-codes.ts';
import { headerHashOf } from './header.ts';
import type { LightBlockJson } from './light-block.ts';

// A witness's header beside the verified one: another node of the chain asked for the same height.
// Polity's rule is stricter than CometBFT's detector, which first tries to verify the witness's
// header and drops a witness whose header does not verify: any other header at the same height
// stops the archive, because a person, not the code, decides which node lies.

/** Null when the witness names the verified header; else the conflict, both hashes named. */
export function witnessConflict(verified: LightBlockJson, witness: LightBlockJson): Refusal | null {
  const height = verified.signed_header.header.height;
  const ours = headerHashOf(verified.signed_header.header);
  const theirs = headerHashOf(witness.signed_header.header);
  const theirHash = 'problem' in theirs ? `an unreadable header (${theirs.problem})` : theirs.hash;
  const ourHash = 'problem' in ours ? `an unreadable header (${ours.problem})` : ours.hash;
  if (witness.signed_header.header.height !== height)
    return refusal(
      'witness-conflict',
      `the witness answered height ${witness.signed_header.header.height} for ${height}`,
    );
  if (ourHash === theirHash) return null;
  return refusal(
    'witness-conflict',
    `conflicting headers at ${height}: the node says ${ourHash}, the witness says ${theirHash}`,
  );
}
