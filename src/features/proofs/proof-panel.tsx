import { Alert, Button, Card, Code, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';

import type { BundleReport } from '../../../verify/bundle-verify.ts';
import {
  clockLine,
  completenessWords,
  headlineOf,
  laterActsLines,
  pageLine,
  provenanceLine,
  snapshotLine,
} from '../../../verify/report-words.ts';
import type { ProofSubject } from '../../api/archive-proofs.ts';
import { ProofDownloadButton } from '../../components/page/proof-download-button.tsx';
import { useProofBundle } from '../../hooks/proof-bundle.ts';
import type { ProofFile } from '../../lib/export-notes.ts';
import { OwnRootLine } from './own-root-line.tsx';
import { PeriodSetting } from './period-setting.tsx';
import { ProofDetails } from './proof-details.tsx';
import { NoBundle, Said, Unavailable } from './proof-unavailable.tsx';
import { checkedBundleQuery } from './queries.ts';
import { DifferentRootWarning, RootComparisonLine, useRootComparison } from './root-comparison.tsx';
import { prepareVerifier } from './run-verifier.ts';
import { useTrustingPeriodDays } from './trusting-period.ts';
import { VerifierText } from './verifier-text.tsx';

// The page's records checked in the reader's own browser against the chain's validators: the
// archive sends a bundle (headers, signatures, Merkle and store proofs), a worker checks it, and
// the panel says what is proven from what — or where it is not, and why. Every sentence from the
// bundle is shown as text: the archive and the chain's users wrote what is in it.

const sizeText = (bytes: number) =>
  bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} kB`;
const secondsText = (millis: number) =>
  millis < 1000 ? `${Math.round(millis)} ms` : `${(millis / 1000).toFixed(1)} s`;

function Waiting({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" role="status" aria-busy="true">
      <Loader size="xs" />
      <Text fz="sm">{children}</Text>
    </Group>
  );
}

/** Green only for "proven from your root"; following from the bundle's own root is blue. */
const colorOf = (report: BundleReport) =>
  report.ok && report.facts.length > 0
    ? report.verdict === 'proven'
      ? 'teal'
      : 'blue'
    : report.problem
      ? 'red'
      : report.facts.length === 0
        ? 'gray'
        : 'orange';

function CheckedReport({
  report,
  millis,
  file,
  endpoint,
}: {
  report: BundleReport;
  millis: number;
  file: ProofFile;
  endpoint: string;
}) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const snapshot = snapshotLine(report, { onPage: true });
  const laterActs = laterActsLines(report, { onPage: true });
  const { seen, compared } = useRootComparison(report);
  // A root unlike the one checked before turns the whole verdict into a warning until the reader compared it.
  const rootDiffers = seen.kind === 'different';
  return (
    <Stack gap="xs">
      <Alert
        color={rootDiffers ? 'red' : colorOf(report)}
        variant="light"
        role={rootDiffers ? 'alert' : 'status'}
        data-testid="proof-headline"
        p="sm"
      >
        <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          <VerifierText line={headlineOf(report, 'in your browser')} max={800} />
        </Text>
        {rootDiffers && <DifferentRootWarning report={report} previous={seen.previous} onCompared={compared} />}
      </Alert>
      {report.trustRoot && <OwnRootLine report={report} file={file} />}
      {provenanceLine(report) && (
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="proof-provenance">
          <VerifierText line={provenanceLine(report) ?? ''} />
        </Text>
      )}
      <RootComparisonLine report={report} seen={seen} />
      <Group gap="xs" wrap="wrap" align="center">
        <Text fz="xs" c="dimmed" data-testid="proof-clock" style={{ overflowWrap: 'anywhere' }}>
          <VerifierText line={clockLine(report)} />
        </Text>
        <PeriodSetting endpoint={endpoint} />
      </Group>
      {snapshot && (
        <Text fz="sm" data-testid="proof-snapshot" style={{ overflowWrap: 'anywhere' }}>
          <VerifierText line={snapshot} />
        </Text>
      )}
      {laterActs.map((line) => (
        <Text key={line} fz="sm" data-testid="proof-later-acts" style={{ overflowWrap: 'anywhere' }}>
          <VerifierText line={line} />
        </Text>
      ))}
      {report.completeness.length > 0 && (
        <Stack gap={2} data-testid="proof-completeness">
          {report.completeness.map((line) => (
            <Text
              key={`${line.state}/${line.subject}/${line.height}`}
              fz="sm"
              c={line.state === 'incomplete' || line.state === 'overclaimed' ? 'red' : undefined}
              style={{ overflowWrap: 'anywhere' }}
            >
              <VerifierText line={completenessWords(line)} />
            </Text>
          ))}
        </Stack>
      )}
      {report.page && (
        <Text fz="sm" data-testid="proof-page" style={{ overflowWrap: 'anywhere' }}>
          <VerifierText line={pageLine(report) ?? ''} /> This page was checked; the command checks the others (download
          each with its path).
        </Text>
      )}
      {report.unproven.length > 0 && (
        <Text fz="sm">
          The archive also holds {report.unproven.length.toLocaleString('en-US')}{' '}
          {report.unproven.length === 1 ? 'record' : 'records'} without proof, and says why (in the details).
        </Text>
      )}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Checked in {secondsText(millis)} in this browser · {sizeText(file.bytes.length)} · SHA-256{' '}
          <span title={file.sha256}>{file.sha256.slice(0, 16)}…</span>
        </Text>
        <Button
          size="xs"
          variant="subtle"
          aria-expanded={open}
          aria-controls={open ? detailsId : undefined}
          onClick={() => setOpen((was) => !was)}
        >
          {open ? 'Hide each step and fact' : 'Show each step and fact'}
        </Button>
      </Group>
      {open && <ProofDetails id={detailsId} report={report} />}
    </Stack>
  );
}

/**
 * The proof panel of a page: `what` names its subject ("this proposal"); `held` is false when the
 * archive holds no record of it (nothing to ask for), undefined while that is not known.
 */
export function ProofPanel({
  endpoint,
  subject,
  what,
  held,
}: {
  endpoint: string;
  subject: ProofSubject;
  what: string;
  held?: boolean;
}) {
  const { availability, bundle } = useProofBundle(endpoint, subject, held);
  const expectsBundle = availability.kind !== 'none' && availability.kind !== 'not yet';
  useEffect(() => {
    if (expectsBundle) prepareVerifier();
  }, [expectsBundle]);
  const readerDays = useTrustingPeriodDays(endpoint);
  const checked = useQuery(checkedBundleQuery(endpoint, subject, bundle.data?.sha256 ?? null, readerDays));
  let body: ReactNode;
  if (availability.kind === 'none' || availability.kind === 'not yet')
    body = <Unavailable availability={availability} what={what} />;
  else if (availability.kind === 'checking') body = <Waiting>Asking the archive whether it proves {what}…</Waiting>;
  else if (bundle.isError && !bundle.data)
    body = <NoBundle error={bundle.error} onRetry={() => void bundle.refetch()} />;
  else if (!bundle.data) body = <Waiting>Fetching the proof bundle of {what} from the archive…</Waiting>;
  else if (checked.data) body = <CheckedReport {...checked.data} file={bundle.data} endpoint={endpoint} />;
  else if (checked.isError)
    body = (
      <Said>
        The bundle could not be checked in this browser:{' '}
        {checked.error instanceof Error ? checked.error.message : String(checked.error)}. The command checks it too:{' '}
        <Code>npx polity-verify {bundle.data.fileName}</Code>
      </Said>
    );
  else
    body = (
      <Waiting>
        Checking the bundle in your browser ({sizeText(bundle.data.bytes.length)}): every signature, hash link and
        Merkle path…
      </Waiting>
    );
  return (
    <Card component="section" aria-labelledby="proof-title" data-testid="proof-panel">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} fz="lg" id="proof-title">
            Proof
          </Title>
          {bundle.data && (
            <Group gap="xs">
              <ProofDownloadButton endpoint={endpoint} subject={subject} />
              <Button
                size="xs"
                variant="subtle"
                loading={bundle.isFetching || checked.isFetching}
                onClick={() => void bundle.refetch()}
              >
                Check again
              </Button>
            </Group>
          )}
        </Group>
        {body}
      </Stack>
    </Card>
  );
}
