import { GroupMember, voteOptionFromJSON, Vote as VoteProto } from 'cosmjs-types/cosmos/group/v1/types';
import { describe, expect, it } from 'vitest';

import { parseDec, type Dec } from '../../../lib/apd-dec.ts';
import type { Member, Vote } from '../records.ts';
import { groupMemberBytes, protoTime, voteBytes } from './group-proto.ts';

// The hand-written encoders of members and votes write what the library's encoders write: the
// store's values, and so the app hash, are the bytes the SDK would store.

const member: Member = {
  groupId: 300n,
  address: 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu',
  key: 'x',
  weight: '12.500000000000000001',
  w: parseDec('12.500000000000000001') as Dec,
  metadata: 'héllo',
  addedAt: Date.parse('2026-11-02T03:04:05.678Z'),
};

describe('x/group records as stored', () => {
  it('a member and votes encode as cosmjs-types encodes them', () => {
    // A long metadata makes the nested member longer than one length byte can say.
    for (const written of [member, { ...member, metadata: 'é'.repeat(200), groupId: 1n << 40n }]) {
      expect(Buffer.from(groupMemberBytes(written)).toString('hex')).toBe(
        Buffer.from(
          GroupMember.encode({
            groupId: written.groupId,
            member: {
              address: written.address,
              weight: written.weight,
              metadata: written.metadata,
              addedAt: protoTime(written.addedAt),
            },
          }).finish(),
        ).toString('hex'),
      );
    }
    for (const option of ['VOTE_OPTION_YES', 'VOTE_OPTION_NO_WITH_VETO'] as const) {
      const vote: Vote = {
        proposalId: 7n,
        voter: member.address,
        voterKey: 'x',
        option,
        metadata: option === 'VOTE_OPTION_YES' ? '' : 'why',
        submitTime: Date.parse('2026-11-02T03:04:05Z'),
      };
      const expected = VoteProto.encode({
        proposalId: vote.proposalId,
        voter: vote.voter,
        option: voteOptionFromJSON(vote.option),
        metadata: vote.metadata,
        submitTime: protoTime(vote.submitTime),
      }).finish();
      expect(Buffer.from(voteBytes(vote)).toString('hex')).toBe(Buffer.from(expected).toString('hex'));
    }
  });
});
