import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

import { RawErrorText } from '../components/states/query-states.tsx';
import { useEndpoint, useSetEndpoint } from '../hooks/use-endpoint.ts';
import { useServedChains } from '../hooks/use-served-chains.ts';
import { endpointLabel, SAME_ORIGIN, validateEndpoint, type EndpointRefusal } from '../lib/chain/endpoint.ts';
import { grouped } from '../lib/format-number.ts';
import { probeEndpoint, probeFailureInWords, type ProbeResult } from './endpoint-probe.ts';
import { ServedChainList } from './served-chain-list.tsx';

const REFUSALS: Record<EndpointRefusal, string> = {
  'protocol-relative': 'An address starting with // names another server: write https://… in full.',
  'bad-path': 'A path on this server must be like /upstream/name.',
  'no-scheme': 'Use an http:// or https:// address, or a path on this server like /upstream/name.',
  'not-http': 'Use an http:// or https:// address.',
  credentials: 'Addresses with credentials are not accepted.',
  'not-url': 'This is not a URL. Example: https://rest.example.org or /upstream/hub',
};

type Check = { phase: 'idle' } | { phase: 'checking'; endpoint: string } | { phase: 'done'; result: ProbeResult };

/** The chain reached, in one sentence: what the endpoint told about itself, and nothing it did not. */
function Reached({ result }: { result: Extract<ProbeResult, { ok: true }> }) {
  const where = endpointLabel(result.endpoint);
  return (
    <Alert color="teal" variant="light" title="Switched" role="status" data-testid="probe-reached">
      <Text fz="sm">
        Now reading {result.chainId ? <b>{result.chainId}</b> : 'a chain with x/group'}
        {result.height && <> at height {grouped(result.height)}</>} through {where}.
        {!result.chainId && ' This endpoint does not tell its chain id through the REST API.'}
      </Text>
    </Alert>
  );
}

function Refused({ result, current }: { result: Extract<ProbeResult, { ok: false }>; current: string }) {
  const words = probeFailureInWords(result.endpoint, result.kind);
  return (
    <Alert color="red" variant="light" title={words.title} role="alert" data-testid="probe-refused">
      <Stack gap={4}>
        <Text fz="sm">{words.explanation}</Text>
        <Text fz="sm">Still reading {endpointLabel(current)}.</Text>
        <RawErrorText error={result.raw} />
      </Stack>
    </Alert>
  );
}

/**
 * The endpoint form, loaded only when the user opens it (it is not needed to read a page). An
 * endpoint is asked what it is before the page switches to it: a dead or wrong one is refused
 * here, with the reason, while the page stays on the chain it shows.
 */
export function EndpointForm() {
  const endpoint = useEndpoint();
  const setEndpoint = useSetEndpoint();
  const chains = useServedChains();
  const [value, setValue] = useState(endpoint);
  const [error, setError] = useState<string | null>(null);
  const [check, setCheck] = useState<Check>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  // Closing the dialog mid-check drops the check: nothing switches behind the reader's back.
  useEffect(() => () => running.current?.abort(), []);
  const apply = (input: string) => {
    const checked = validateEndpoint(input);
    if (!checked.ok) return setError(REFUSALS[checked.refusal]);
    setError(null);
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setCheck({ phase: 'checking', endpoint: checked.value });
    probeEndpoint(checked.value, { signal: controller.signal })
      .then((result) => {
        if (controller.signal.aborted) return;
        setCheck({ phase: 'done', result });
        if (result.ok) {
          setValue(result.endpoint);
          setEndpoint(result.endpoint);
        }
      })
      .catch(() => {
        // Aborted: a newer check or the dialog's closing took over.
      });
  };
  const checking = check.phase === 'checking';
  const checked = check.phase === 'checking' ? check.endpoint : check.phase === 'done' ? check.result.endpoint : null;
  const verdict =
    check.phase === 'checking' ? (
      <Text fz="sm" role="status" data-testid="probe-checking">
        Checking {endpointLabel(check.endpoint)}…
      </Text>
    ) : check.phase === 'done' ? (
      check.result.ok ? (
        <Reached result={check.result} />
      ) : (
        <Refused result={check.result} current={endpoint} />
      )
    ) : null;
  // A served chain's verdict sits under that chain's button; a typed endpoint's under the field.
  const besideChain = chains.some((chain) => chain.path === checked);
  return (
    <form
      onSubmit={(ev) => {
        ev.preventDefault();
        apply(value);
      }}
    >
      <Stack gap="xs">
        {chains.length > 0 && (
          <ServedChainList
            chains={chains}
            current={endpoint}
            disabled={checking}
            pick={apply}
            verdict={besideChain && checked !== null ? { path: checked, shown: verdict } : null}
          />
        )}
        <TextInput
          label={chains.length > 0 ? 'Another endpoint' : 'REST endpoint'}
          description="A Cosmos SDK REST address, or a proxy path on this server. Empty: this server's chain."
          placeholder="https://rest.example.org"
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group gap="xs">
          <Button type="submit" size="xs" disabled={checking}>
            Use it
          </Button>
          {chains.length === 0 && (
            <Button size="xs" variant="default" disabled={checking} onClick={() => apply(SAME_ORIGIN)}>
              This server
            </Button>
          )}
        </Group>

        <div aria-live="polite">{!besideChain && verdict}</div>
      </Stack>
    </form>
  );
}
