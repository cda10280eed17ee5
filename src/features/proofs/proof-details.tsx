import { Button, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState, type ReactNode } from 'react';

import type { BundleReport } from '../../../verify/bundle-verify.ts';
import { factLine, stepLine, unprovenLine } from '../../../verify/report-words.ts';
import { grouped } from '../../lib/format-number.ts';
import { VerifierText } from './verifier-text.tsx';

// Each step of the chain of trust and each fact, in the words the command prints. A bundle of a
// busy proposal holds thousands of facts: the first hundred of each list show, the rest on request.

const SHOWN = 100;
// The marks (✓, ✗) are each line's bullet; a wrapped line starts under the text, not under its mark.
const listStyle = { margin: 0, padding: 0, listStyle: 'none', overflowWrap: 'anywhere' } as const;
const itemStyle = { paddingInlineStart: '1.4em', textIndent: '-1.4em' } as const;

/** A line's ✓ or ✗; `spoken` says it to a screen reader where the words after it do not. */
function Mark({ ok, spoken = false }: { ok: boolean; spoken?: boolean }) {
  return (
    <>
      <Text
        span
        aria-hidden
        c={ok ? 'teal' : 'red'}
        fw={700}
        display="inline-block"
        w="1.4em"
        style={{ textIndent: 0 }}
      >
        {ok ? '✓' : '✗'}
      </Text>
      {spoken && <VisuallyHidden>{ok ? 'checked: ' : 'failed: '}</VisuallyHidden>}
    </>
  );
}

function CappedList<T>({
  title,
  items,
  render,
  testId,
}: {
  title: string;
  items: readonly T[];
  render: (item: T) => ReactNode;
  testId: string;
}) {
  const [all, setAll] = useState(false);
  if (items.length === 0) return null;
  const shown = all ? items : items.slice(0, SHOWN);
  return (
    <Stack gap={4} data-testid={testId}>
      <Title order={3} fz="sm">
        {title} ({grouped(String(items.length))})
      </Title>
      <ul style={listStyle}>
        {shown.map((item, index) => (
          <Text component="li" fz="sm" key={index} style={itemStyle}>
            {render(item)}
          </Text>
        ))}
      </ul>
      {items.length > shown.length && (
        <Button size="compact-xs" variant="subtle" onClick={() => setAll(true)} style={{ alignSelf: 'flex-start' }}>
          Show all {grouped(String(items.length))}
        </Button>
      )}
    </Stack>
  );
}

/** The details under the headline: every step, then the facts (those refused first). */
export function ProofDetails({ id, report }: { id: string; report: BundleReport }) {
  const facts = [...report.facts.filter((fact) => !fact.ok), ...report.facts.filter((fact) => fact.ok)];
  return (
    <Stack id={id} gap="md" data-testid="proof-details">
      <CappedList
        title="Chain of trust"
        testId="proof-steps"
        items={report.steps}
        render={(step) => (
          <>
            <Mark ok={step.ok} spoken />
            <VerifierText line={stepLine(step)} />
          </>
        )}
      />
      <CappedList
        title="Facts"
        testId="proof-facts"
        items={facts}
        render={(fact) => {
          const plain = factLine(fact, report.rootFrom, { plain: true });
          const exact = factLine(fact, report.rootFrom);
          return (
            <>
              <Mark ok={fact.ok} />
              <VerifierText line={plain} />
              {exact !== plain && (
                // The CometBFT path (header fields, store proofs) one press away, as the command's --verbose.
                <details style={{ display: 'inline' }}>
                  <summary style={{ display: 'inline', cursor: 'pointer', color: 'var(--mantine-color-dimmed)' }}>
                    {' '}
                    how
                  </summary>
                  <Text span fz="xs" c="dimmed" display="block">
                    <VerifierText line={exact} />
                  </Text>
                </details>
              )}
            </>
          );
        }}
      />
      <CappedList
        title="Held without proof (the archive says so itself)"
        testId="proof-unproven"
        items={report.unproven}
        render={(entry) => (
          <>
            <Mark ok={false} />
            <VerifierText line={unprovenLine(entry)} />
          </>
        )}
      />
    </Stack>
  );
}
