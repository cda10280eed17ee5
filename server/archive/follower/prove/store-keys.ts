import { fromBech32, toHex } from '@cosmjs/encoding';

// Where each record lives in its module's store, as the SDK lays out its keys (x/group's ORM
// tables and x/upgrade's done markers): the keys the prover asks the node to prove.

const idHex = (id: string) => BigInt(id).toString(16).padStart(16, '0');
export const proposalKeyHex = (id: string) => `3000${idHex(id)}`;
/** Every vote of a proposal: the vote table's prefix, then the proposal id. */
export const votePrefixHex = (proposalId: string) => `4000${idHex(proposalId)}`;
export const voteKeyHex = (proposalId: string, voter: string) =>
  `${votePrefixHex(proposalId)}${toHex(fromBech32(voter).data)}`;
/** Every member of a group: the member table's prefix, then the group id. */
export const memberPrefixHex = (groupId: string) => `1000${idHex(groupId)}`;
/** A member's row: its group id, then the member's raw address. */
export const memberKeyHex = (groupId: string, address: string) =>
  `${memberPrefixHex(groupId)}${toHex(fromBech32(address).data)}`;
/** Every policy of a group: the policies-by-group index's prefix, then the group id. */
export const policyIndexPrefixHex = (groupId: string) => `22${idHex(groupId)}`;
/** Every stored proposal of a policy: the proposals-by-policy index's prefix, then its address behind a length byte. */
export const policyProposalsPrefixHex = (address: string) => {
  const bytes = fromBech32(address).data;
  return `32${bytes.length.toString(16).padStart(2, '0')}${toHex(bytes)}`;
};
/** The proposal table's sequence: the last id it gave. */
export const PROPOSAL_SEQUENCE_KEY_HEX = '3101';
/** A policy's row: its address behind a length byte. */
export const policyKeyHex = (address: string) => {
  const bytes = fromBech32(address).data;
  return `2000${bytes.length.toString(16).padStart(2, '0')}${toHex(bytes)}`;
};
/** x/upgrade's done marker: 0x01, the height it was applied at (8 bytes big-endian), the name. */
export const doneKeyHex = (name: string, height: string) =>
  `01${idHex(height)}${toHex(new TextEncoder().encode(name))}`;
/** Every balance of an account in x/bank's store: 0x02, then its address behind a length byte (a key per denom after). */
export const balancesPrefixHex = (address: string) => {
  const bytes = fromBech32(address).data;
  return `02${bytes.length.toString(16).padStart(2, '0')}${toHex(bytes)}`;
};
