import { Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';

import type { VoterGroup } from '../../api/archive-voter-groups.ts';
import { isArchiveAbsent } from '../../api/archive.ts';
import { AppLink } from '../../components/page/app-link.tsx';
import { LoadingBlock } from '../../components/states/query-states.tsx';
import { ChainLabel } from '../../components/text/on-chain-text.tsx';
import { DecimalText } from '../../components/values/decimal-text.tsx';
import { grouped } from '../../lib/format-number.ts';
import { shareText } from '../../lib/share-text.ts';
import {
  atHeight,
  dayOf,
  participationQueries,
  plural,
  spanWords,
  totalsOf,
  voteFates,
  type VoterGroupsRead,
} from './participation-data.ts';
import classes from './votes.module.css';

function ProposalLinks({ ids }: { ids: string[] }) {
  return ids.map((id, index) => (
    <Fragment key={id}>
      {index > 0 ? ', ' : ' ('}
      <AppLink to={`/proposals/${id}`} fz="xs" className={classes.target}>
        #{id}
      </AppLink>
      {index === ids.length - 1 ? ')' : ''}
    </Fragment>
  ));
}

function Membership({ group, start }: { group: VoterGroup; start: VoterGroupsRead['archiveFrom'] }) {
  if (group.spans.length === 0) {
    const first = group.votes_outside.first[0];
    return (
      <Text fz="sm">
        A member before the archive began
        {first ? ` (it voted here on ${dayOf(first.vote_time) ?? 'a day not recorded'})` : ''}; left before{' '}
        {start ? `${atHeight(start.height, start.time)}, where the archive’s record starts` : 'the archive began'}.
      </Text>
    );
  }
  return (
    <Stack gap={4}>
      {group.spans.map((span) => {
        const words = spanWords(span);
        const [first, ...changes] = span.weights;
        return (
          <Text fz="sm" key={span.from_height}>
            {words.from[0].toUpperCase() + words.from.slice(1)}
            {first && (
              <>
                {' '}
                with weight <DecimalText value={first.weight} exact interactive={false} />
              </>
            )}
            {changes.map((step) => (
              <Fragment key={step.height}>
                ; weight <DecimalText value={step.weight} exact interactive={false} /> from{' '}
                {atHeight(step.height, step.time)}
              </Fragment>
            ))}
            ; {words.to}.
          </Text>
        );
      })}
    </Stack>
  );
}

function Votes({ group }: { group: VoterGroup }) {
  const outside = group.votes_outside;
  return (
    <Stack gap={2}>
      <Text fz="sm">{plural(group.votes, 'vote')}</Text>
      <ul className={classes.fates}>
        {voteFates(group).map((fate) => (
          <Text component="li" fz="xs" key={fate.text}>
            {fate.text}
            <ProposalLinks ids={fate.ids} />
          </Text>
        ))}
        {outside.count !== '0' && (
          <Text component="li" fz="xs">
            {grouped(outside.count)} cast while a member before the archive saw it one, on proposals not counted in
            “voted on”
            <ProposalLinks ids={outside.first.map((vote) => vote.proposal_id)} />
          </Text>
        )}
      </ul>
    </Stack>
  );
}

function Summary({ read, listed }: { read: VoterGroupsRead; listed: string | null }) {
  const totals = totalsOf(read.groups);
  const share = shareText(String(totals.voted), String(totals.proposals));
  const left = totals.groups - totals.memberNow;
  const from = read.archiveFrom ? atHeight(read.archiveFrom.height, read.archiveFrom.time) : null;
  return (
    <Stack gap={4}>
      <Text fz="sm" data-testid="participation-summary">
        {totals.proposals === 0n ? (
          'No proposal was open for votes while the archive saw this address a member'
        ) : (
          <>
            Voted on{' '}
            <strong>
              {grouped(String(totals.voted))} of {plural(totals.proposals, 'proposal')}
            </strong>
            {share ? ` (${share})` : ''} open for votes while a member
          </>
        )}
        , in {plural(totals.groups, 'group')} ({grouped(String(totals.memberNow))} now
        {left > 0 ? `, ${grouped(String(left))} left` : ''}).
      </Text>
      <Text fz="sm" data-testid="participation-votes">
        {totals.outside > 0n
          ? `With ${plural(totals.outside, 'more vote')} cast before the archive saw the membership, that is `
          : 'That is '}
        <strong>{plural(totals.votes, 'vote')} in all</strong>, as listed below.
        {listed !== null &&
          listed !== String(totals.votes) &&
          ` (The list, read a moment apart, has ${grouped(listed)}.)`}
      </Text>
      <Text fz="xs" c="dimmed">
        Membership as the archive saw it{from ? `, from ${from} on` : ''}.
        {totals.beforeArchive > 0n &&
          ` Left out: ${plural(totals.beforeArchive, 'proposal')} that closed before then — who was a member is not known.`}
        {!read.complete &&
          ` Only the first ${plural(read.groups.length, 'group')} of ${grouped(read.total)} are shown.`}
      </Text>
    </Stack>
  );
}

/** Participation in every group the address was ever in: its spans of membership, and its votes explained. */
export function Participation({
  endpoint,
  address,
  listed,
}: {
  endpoint: string;
  address: string;
  listed: string | null;
}) {
  const query = useQuery(participationQueries.groups(endpoint, address));
  if (query.isPending) return <LoadingBlock rows={2} label="Working out participation" />;
  if (query.isError)
    return (
      <Text fz="sm" c="dimmed">
        {isArchiveAbsent(query.error)
          ? 'This archive does not list the groups an address was in (it predates that).'
          : 'The groups this address was in could not be read just now.'}
      </Text>
    );
  const read = query.data;
  if (read.groups.length === 0)
    return <Text fz="sm">The archive knows of no group this address was in or voted in.</Text>;
  return (
    <Stack gap="xs" component="section" aria-labelledby="participation-title">
      <Text component="h2" fz="lg" fw={700} id="participation-title" m={0}>
        Participation by group
      </Text>
      <Summary read={read} listed={listed} />
      <Table data-testid="participation" className={classes.stacked} verticalSpacing="xs">
        <Table.Caption>Every group this address was a member of, or voted in, as the archive saw it</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Group</Table.Th>
            <Table.Th>Membership</Table.Th>
            <Table.Th>Voted on</Table.Th>
            <Table.Th>Its votes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {read.groups.map((group) => {
            const share = shareText(group.voted, group.proposals_while_member);
            return (
              <Table.Tr key={group.group_id} data-testid={`participation-${group.group_id}`}>
                <Table.Td>
                  <AppLink to={`/groups/${group.group_id}`} className={classes.target}>
                    #{group.group_id}&nbsp;
                    <ChainLabel value={group.group_name} />
                  </AppLink>
                  <Text fz="xs" c="dimmed">
                    {group.member_now ? 'member now' : 'not a member now'}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Membership">
                  <Membership group={group} start={read.archiveFrom} />
                </Table.Td>
                <Table.Td data-label="Voted on">
                  <Text fz="sm">
                    {group.proposals_while_member === '0'
                      ? 'none open while the archive saw it a member'
                      : `${grouped(group.voted)} of ${plural(group.proposals_while_member, 'proposal')}${share ? ` (${share})` : ''}`}
                  </Text>
                </Table.Td>
                <Table.Td data-label="Its votes">
                  <Votes group={group} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
