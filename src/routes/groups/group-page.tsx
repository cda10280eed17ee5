import { Stack } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';

import { AnchoredSection, OnThisPage } from '../../components/lists/anchored-sections.tsx';
import { AppLink } from '../../components/page/app-link.tsx';
import { InvalidInput } from '../../components/states/invalid-input.tsx';
import { LoadingBlock } from '../../components/states/query-states.tsx';
import { FollowButton } from '../../features/following/follow-button.tsx';
import { GroupHistory } from '../../features/groups/group-history.tsx';
import { GroupProposals } from '../../features/groups/group-proposals.tsx';
import { GroupSetLine } from '../../features/groups/group-set-line.tsx';
import { GroupSummary } from '../../features/groups/group-summary.tsx';
import { GroupTreasury } from '../../features/groups/group-treasury.tsx';
import { MemberList } from '../../features/groups/member-list.tsx';
import { groupQueries } from '../../features/groups/queries.ts';
import { PolicyList } from '../../features/policies/policy-list.tsx';
import { policyQueries } from '../../features/policies/queries.ts';
import { useEndpoint } from '../../hooks/use-endpoint.ts';
import { useMetadataName } from '../../hooks/use-ipfs-document.ts';
import { parseId } from '../../lib/chain/ids.ts';

// The proof panel and the verifier it starts (in a worker) load only with a group's page.
const ProofPanel = lazy(() =>
  import('../../features/proofs/proof-panel.tsx').then((module) => ({ default: module.ProofPanel })),
);

const POLICIES = { id: 'policies', title: 'Policies' };
const PROPOSALS = { id: 'proposals', title: 'Latest proposals' };
const MEMBERS = { id: 'members', title: 'Members' };
const HISTORY = { id: 'history', title: 'Membership history' };
const PROOF = { id: 'proof', title: 'Proof' };

/**
 * A group: its summary, then its policies and latest proposals, and its members last. A group can
 * have thousands of members, so the short sections come first and each has an anchor.
 */
export function Component() {
  const endpoint = useEndpoint();
  const raw = useParams().groupId ?? '';
  const id = parseId(raw);
  const info = useQuery(groupQueries.polledInfo(endpoint, id));
  const policies = useInfiniteQuery(policyQueries.byGroup(endpoint, id));
  const name = useMetadataName(info.data?.metadata, '');
  if (id === null)
    return (
      <InvalidInput
        title="Not a group id"
        reason={`"${raw}" is not a group id. Group ids are whole numbers, like 1 or 42.`}
      />
    );
  return (
    <Stack gap="lg">
      <GroupSummary
        id={id}
        info={info}
        actions={info.data && <FollowButton endpoint={endpoint} target={{ kind: 'group', id, name }} />}
      />
      {(info.data || info.isPending) && (
        <>
          <OnThisPage sections={[POLICIES, PROPOSALS, MEMBERS, HISTORY, PROOF]} />
          <AnchoredSection section={POLICIES}>
            <GroupSetLine endpoint={endpoint} groupId={id} set="policies" />
            <GroupTreasury
              endpoint={endpoint}
              policies={policies.data?.pages.flatMap((page) => page.rows.map((policy) => policy.address)) ?? []}
            />
            <PolicyList
              label="Group policies"
              query={policies}
              empty="This group has no policies, so it cannot hold proposals."
            />
          </AnchoredSection>
          <AnchoredSection section={PROPOSALS}>
            <GroupSetLine endpoint={endpoint} groupId={id} set="proposals" />
            <GroupProposals endpoint={endpoint} groupId={id} />
            <AppLink to={`/proposals?group=${id}`} fz="sm">
              All proposals of this group →
            </AppLink>
          </AnchoredSection>
          <AnchoredSection section={MEMBERS}>
            <GroupSetLine endpoint={endpoint} groupId={id} set="members" />
            <MemberList endpoint={endpoint} groupId={id} totalWeight={info.data?.total_weight} />
          </AnchoredSection>
          <AnchoredSection section={HISTORY}>
            <GroupHistory endpoint={endpoint} groupId={id} />
          </AnchoredSection>
          {/* It proves the members, the policies, their proposals and treasuries: a place of its own, not under one of
              them; the panel titles itself, so only the anchor is added here. */}
          <div id={PROOF.id} style={{ scrollMarginTop: 64 }}>
            <Suspense fallback={<LoadingBlock label="Loading the proof panel" rows={2} />}>
              <ProofPanel
                endpoint={endpoint}
                subject={{ kind: 'group', id }}
                what="this group's members, policies, their proposals and treasuries"
                // Groups are never deleted: one the node holds, an archive following it holds too.
                held={info.data ? true : undefined}
              />
            </Suspense>
          </div>
        </>
      )}
    </Stack>
  );
}
