import { Group, Stack } from '@mantine/core';

import { PageTitle } from '../../components/page/page-title.tsx';
import { ArchiveGate, ArchiveReach } from '../../components/states/archive-gate.tsx';
import { ArchiveProposals, ProposalsFeedLink } from '../../features/proposals/archive-proposals.tsx';
import { WalkedProposals } from '../../features/proposals/walked-proposals.tsx';
import { useEndpoint } from '../../hooks/use-endpoint.ts';

/** Every proposal the endpoint can tell about: the archive's when it has one, else a walk of the node. */
export function Component() {
  const endpoint = useEndpoint();
  return (
    <Stack gap="md">
      <PageTitle title="Proposals" kicker="All groups" docTitle="Proposals" />
      <ArchiveGate
        endpoint={endpoint}
        present={() => (
          <>
            <Group justify="space-between" wrap="wrap">
              <ArchiveReach endpoint={endpoint} />
              <ProposalsFeedLink endpoint={endpoint} />
            </Group>
            <ArchiveProposals endpoint={endpoint} />
          </>
        )}
        absent={() => <WalkedProposals endpoint={endpoint} />}
      />
    </Stack>
  );
}
