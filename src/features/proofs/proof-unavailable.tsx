import { Button, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { isApiError } from '../../api/errors.ts';
import { RawErrorText } from '../../components/states/query-states.tsx';
import { OnChainText } from '../../components/text/on-chain-text.tsx';
import { whyNoProof, type ProofAvailability } from '../../hooks/proof-bundle.ts';

// What the proof panel says when there is no bundle to check: none to ask for (no archive, no
// root yet, no record), or the archive did not give one.

export function Said({ children }: { children: ReactNode }) {
  return (
    <Text fz="sm" c="dimmed" data-testid="proof-unavailable">
      {children}
    </Text>
  );
}

/** Why there is nothing to ask for, in words. */
export function Unavailable({
  availability,
  what,
}: {
  availability: Extract<ProofAvailability, { kind: 'none' | 'not yet' }>;
  what: string;
}) {
  if (availability.kind === 'not yet')
    return (
      <Said>
        No proof yet: the archive has not established its trust root (the block its checks start from), so it proves
        nothing yet. The page asks again by itself.
      </Said>
    );
  const words = {
    'no archive':
      'this endpoint has no archive, and only an archive serves proof bundles. What this page shows is what the node says.',
    'no record': `the archive holds no record of ${what}.`,
    'archive failed': 'the archive did not answer.',
    'proofs off': '',
  } as const;
  // No root, and none coming by waiting: said once, in plain words, with the server's own reason
  // (which names the operator's fix).
  if (availability.why === 'proofs off')
    return (
      <Said>
        Nothing here is proven: this server has no trust root for this chain, so its archive checks nothing against the
        validators’ signatures. Waiting will not change that; its operator can. The server says:{' '}
        <OnChainText value={availability.problem ?? 'proofs are off'} max={400} />.
      </Said>
    );
  return (
    <Said>
      No proof to check: {words[availability.why]}
      {availability.problem && (
        <>
          <OnChainText value={availability.problem} max={400} />.
        </>
      )}
    </Said>
  );
}

/** Why there is no bundle, where one would be checked. */
export function NoBundle({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const final = isApiError(error) && (error.kind === 'not-found' || error.kind === 'unsupported');
  return (
    <Stack gap={4}>
      <Said>
        No proof to check: {whyNoProof(error)}.{final ? '' : ' The page asks again by itself, less and less often.'}
      </Said>
      {!final && (
        <Button size="compact-xs" variant="light" onClick={onRetry} style={{ alignSelf: 'flex-start' }}>
          Ask again now
        </Button>
      )}
      <RawErrorText error={error} />
    </Stack>
  );
}
