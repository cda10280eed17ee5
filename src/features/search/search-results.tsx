import { Alert, Stack, Text } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';

import { isArchiveAbsent } from '../../api/archive.ts';
import { isApiError } from '../../api/errors.ts';
import { useArchiveAvailability } from '../../components/states/archive-gate.tsx';
import { errorInWords, LoadingBlock } from '../../components/states/query-states.tsx';
import { ChainLabel } from '../../components/text/on-chain-text.tsx';
import { useEndpoint } from '../../hooks/use-endpoint.ts';
import { metadataName } from '../../lib/text/metadata.ts';
import { MIN_PREFIX_DATA, parseSearch, type SearchQuery } from '../../lib/text/search-query.ts';
import { NameResults } from './name-results.tsx';
import { searchQueries } from './queries.ts';
import { Note, ResultLink, Section } from './result-parts.tsx';
import classes from './search-results.module.css';

const notFound = (error: unknown) => isApiError(error) && (error.kind === 'not-found' || error.kind === 'unsupported');

/** A proposal and a group with one id: only those that exist, the proposal first. */
function IdResults({ id, kinds }: { id: string; kinds: ('proposal' | 'group')[] }) {
  const endpoint = useEndpoint();
  const [group, proposal, archived] = useQueries({
    queries: [
      { ...searchQueries.group(endpoint, id), enabled: kinds.includes('group') },
      { ...searchQueries.proposal(endpoint, id), enabled: kinds.includes('proposal') },
      { ...searchQueries.archivedProposal(endpoint, id), enabled: kinds.includes('proposal') },
    ],
  });
  const asked = [kinds.includes('group') ? group : null, ...(kinds.includes('proposal') ? [proposal, archived] : [])];
  if (asked.some((query) => query?.isPending && query.fetchStatus !== 'idle'))
    return <LoadingBlock rows={1} label={`Looking for ${kinds.map((kind) => `${kind} ${id}`).join(' and ')}`} />;
  const title = proposal.data?.title ?? archived.data?.proposal.title;
  const hasProposal = Boolean(proposal.data || archived.data);
  const groupName = group.data ? metadataName(group.data.metadata, '') : '';
  const failed = [group, proposal].find((query) => query.isError && !notFound(query.error));
  if (!hasProposal && !group.data)
    return (
      <Note>
        {failed
          ? `Could not check: ${errorInWords(failed.error, 'The search', endpoint)}${
              failed.error instanceof Error && failed.error.message ? ` (the server says: ${failed.error.message})` : ''
            }.`
          : `There is no ${kinds.map((kind) => `${kind} ${id}`).join(' and no ')} here.`}
      </Note>
    );
  return (
    <ul className={classes.list}>
      {hasProposal && (
        <ResultLink to={`/proposals/${id}`} detail={archived.data && !proposal.data ? 'from the archive' : undefined}>
          Proposal #{id} {title ? <ChainLabel value={title} max={120} /> : null}
        </ResultLink>
      )}
      {group.data && (
        <ResultLink to={`/groups/${id}`}>
          Group #{id} {groupName ? <ChainLabel value={groupName} /> : null}
        </ResultLink>
      )}
    </ul>
  );
}

const ROLE_WORDS = { voter: 'voted', member: 'member', proposer: 'proposed', policy: 'group policy' } as const;

/** Addresses the archive knows that begin with the prefix, with what each was seen as. */
function PrefixResults({ prefix }: { prefix: string }) {
  const endpoint = useEndpoint();
  const found = useQuery(searchQueries.addresses(endpoint, prefix));
  if (found.isPending) return <LoadingBlock rows={2} label="Looking for addresses" />;
  if (found.isError)
    return isArchiveAbsent(found.error) ? (
      <Note>Finding addresses by their beginning needs an archive. Paste a whole address to open it.</Note>
    ) : (
      <Note>Address search failed: {String(found.error)}</Note>
    );
  if (found.data.addresses.length === 0) return <Note>No address the archive knows begins with “{prefix}”.</Note>;
  return (
    <>
      <ul className={classes.list}>
        {found.data.addresses.map((entry) => (
          <ResultLink
            key={entry.address}
            to={entry.policy ? `/policies/${entry.address}` : `/voters/${entry.address}`}
            detail={
              entry.policy ? (
                <>
                  Policy of group #{entry.policy.group_id}
                  {entry.policy.name ? (
                    <>
                      {' '}
                      · <ChainLabel value={entry.policy.name} max={80} />
                    </>
                  ) : null}
                </>
              ) : (
                entry.roles.map((role) => ROLE_WORDS[role]).join(' · ')
              )
            }
          >
            <span className={classes.address} title={entry.address}>
              <strong>{entry.address.slice(0, prefix.length)}</strong>
              {entry.address.slice(prefix.length)}
            </span>
          </ResultLink>
        ))}
      </ul>
      {found.data.more && <Note>More addresses begin so: type more of it to narrow them down.</Note>}
    </>
  );
}

/** Proposals whose title or summary hold the words (the archive's full-text search). */
function TitleResults({ text }: { text: string }) {
  const endpoint = useEndpoint();
  const archive = useQuery(searchQueries.titles(endpoint, text));
  if (archive.isPending) return <LoadingBlock rows={1} label="Searching proposal titles" />;
  if (archive.isError)
    return isArchiveAbsent(archive.error) ? (
      <Note>Proposal titles can be searched only with an archive.</Note>
    ) : (
      <Note>Title search failed: {String(archive.error)}</Note>
    );
  if (archive.data.rows.length === 0) return <Note>No proposal title or summary matches “{text}”.</Note>;
  return (
    <>
      <ul className={classes.list}>
        {archive.data.rows.map((proposal) => (
          <ResultLink
            key={proposal.id}
            to={`/proposals/${proposal.id}`}
            detail={<ChainLabel value={proposal.group_name} fallback={`group ${proposal.group_id}`} max={80} />}
          >
            Proposal #{proposal.id} <ChainLabel value={proposal.title} fallback="(untitled)" max={120} />
          </ResultLink>
        ))}
      </ul>
      {archive.data.pagination.next_key && (
        <ul className={classes.list}>
          <ResultLink to={`/proposals?q=${encodeURIComponent(text)}`}>All matching proposals →</ResultLink>
        </ul>
      )}
    </>
  );
}

/** What an endpoint without an archive can still find, said once above the results. */
function NoArchiveNote() {
  const endpoint = useEndpoint();
  if (useArchiveAvailability(endpoint) !== 'absent') return null;
  return (
    <Alert color="yellow" variant="light" title="Search without an archive" data-testid="search-no-archive">
      <Text fz="sm">
        This endpoint is a plain node. Search here finds exact ids (p12 for a proposal, g12 for a group, #12 for either)
        and whole addresses. Finding names, proposal titles and the beginnings of addresses needs an archive: run Polity
        with its archive in front of this chain, or choose an endpoint that has one.
      </Text>
    </Alert>
  );
}

function ResultsFor({ query, text }: { query: SearchQuery; text: string }) {
  switch (query.kind) {
    case 'invalid':
      return <Note>{query.message}</Note>;
    case 'group':
      return (
        <Section title="Group">
          <IdResults id={query.id} kinds={['group']} />
        </Section>
      );
    case 'proposal':
      return (
        <Section title="Proposal">
          <IdResults id={query.id} kinds={['proposal']} />
        </Section>
      );
    case 'number':
      return (
        <Section title="Proposal and group with this id">
          <IdResults id={query.id} kinds={['proposal', 'group']} />
        </Section>
      );
    case 'address':
      return (
        <Section title="Address">
          <ul className={classes.list}>
            <ResultLink
              to={query.policy ? `/policies/${query.address}` : `/voters/${query.address}`}
              detail={query.policy ? 'Group policy' : 'Account: its votes and groups'}
            >
              <span className={classes.address}>{query.address}</span>
            </ResultLink>
          </ul>
        </Section>
      );
    case 'prefix':
      return (
        <Section title={`Addresses that begin with ${query.prefix}`}>
          <PrefixResults prefix={query.prefix} />
        </Section>
      );
    case 'words':
      return (
        <>
          <Section title="Proposals">
            <TitleResults text={query.text} />
          </Section>
          <Section title="Groups and policies">
            <NameResults text={query.text} words={query.words} />
          </Section>
          {/^[a-z]{2,83}1\w{0,2}$/i.test(text) && (
            <Note>To find addresses, type at least {MIN_PREFIX_DATA} characters after the “1”.</Note>
          )}
        </>
      );
  }
}

/** Arrow keys move between results (Tab does too): down from the last stays there. */
function moveBetweenResults(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const results = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-search-result]')];
  const at = results.indexOf(document.activeElement as HTMLElement);
  if (at < 0) return;
  event.preventDefault();
  results[Math.max(0, Math.min(results.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1)))]?.focus();
}

/** The results of a search (`/search?q=`): what the text is understood as, then what matches it. */
export function SearchResults({ text }: { text: string }) {
  const query = parseSearch(text);
  return (
    <Stack gap="md">
      <NoArchiveNote />
      <div
        className={classes.results}
        onKeyDown={moveBetweenResults}
        id="search-results"
        role="region"
        aria-label="Results"
      >
        <ResultsFor query={query} text={text} />
      </div>
    </Stack>
  );
}
