import { ArchivedVotes } from './archived-votes.tsx';
import { NonVoters } from './non-voters.tsx';
import { WeightChart } from './weight-chart.tsx';

/**
 * A final proposal's votes as the archive counted them: the weight per option as they came in,
 * every vote with its weight, and the members who could have voted and did not (when the group
 * and the tally's height are known).
 */
export function CountedVotes({
  endpoint,
  id,
  groupId,
  tallyHeight,
}: {
  endpoint: string;
  id: string;
  groupId: string | null;
  tallyHeight: string | null;
}) {
  return (
    <>
      <WeightChart endpoint={endpoint} id={id} />
      <ArchivedVotes endpoint={endpoint} id={id} />
      {groupId && tallyHeight && <NonVoters endpoint={endpoint} id={id} groupId={groupId} height={tallyHeight} />}
    </>
  );
}
