import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';

import { archiveStatusQuery } from '../../hooks/shared-queries.ts';
import { grouped } from '../../lib/format-number.ts';
import { ChainLabel } from '../text/on-chain-text.tsx';
import { TimeText } from '../values/time-text.tsx';

// Above every page, once the chain no longer has x/group (an upgrade removed it, as chains moving
// to the SDK's "enterprise" group module do): the node answers its group routes 501 from then on,
// and the group pages show what the archive kept. Read from the archive's status, which every
// page with an archive asks for anyway; a plain node (no archive) has nothing to say here.

/**
 * Since when the chain has no x/group, where the archive recorded that; nothing otherwise. The
 * upgrade's name is the chain's text: shown as a label, its direction controls as markers.
 */
export function GroupModuleNotice({ endpoint }: { endpoint: string }) {
  const groupModule = useQuery({ ...archiveStatusQuery(endpoint), select: (status) => status.group_module }).data;
  if (!groupModule || groupModule.present) return null;
  const { left_at_height: height, left_with_upgrade: upgrade, left_at_time: time } = groupModule;
  const rebuilt = groupModule.rebuilt_from_transactions;
  return (
    <Alert
      color="gray"
      variant="light"
      mb="md"
      role="status"
      data-testid="group-module-notice"
      title="No x/group on this chain any more"
    >
      <Text fz="sm">
        {height === null ? (
          'This chain had no x/group module when the archive began following it.'
        ) : (
          <>
            The chain removed its x/group module at height {grouped(height)}
            {upgrade !== null && (
              <>
                , with the upgrade “<ChainLabel value={upgrade} max={120} />”
              </>
            )}
            {time === null ? (
              ''
            ) : (
              <>
                {' '}
                (<TimeText value={time} />)
              </>
            )}
            .
          </>
        )}{' '}
        Its node no longer answers for groups, policies or proposals: the group pages show their history as the archive
        kept it.
      </Text>
      {rebuilt && (
        <Text fz="sm" mt={4} data-testid="groups-rebuilt">
          {rebuilt.groups === 0 && rebuilt.policies === 0
            ? 'The archive began after that, and the blocks it read create no group it could rebuild: groups made before them are not in the archive.'
            : `The archive began after that, so its ${grouped(String(rebuilt.groups))} ${rebuilt.groups === 1 ? 'group' : 'groups'} and ${grouped(String(rebuilt.policies))} ${rebuilt.policies === 1 ? 'policy' : 'policies'} are rebuilt from the transactions that created and changed them${rebuilt.from_genesis ? ' (and from the chain’s genesis)' : ''}, not read from the chain’s state. A change no transaction shows (made by a proposal’s execution, for one) leaves its group or policy out rather than wrong.`}
        </Text>
      )}
    </Alert>
  );
}
