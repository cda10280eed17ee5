import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { ProofBundle } from '../../../verify/bundle-format.ts';
import { linkedBundle } from '../../../verify/testing/linked-bundle.ts';
import { forgedBundle } from '../../../verify/testing/sample-bundles.ts';
import { archiveAnswers } from '../../test/fake-archive.ts';
import { jsonResponse, renderWithApp } from '../../test/render.tsx';
import { ProofPanel } from './proof-panel.tsx';

// The real node's samples are files read from disk, which jsdom's module URLs do not reach; these
// tests use only the made-up chain's bundle.
vi.mock('../../../verify/testing/real-node.ts', () => ({
  realChainId: '',
  realLightBlock361: () => {
    throw new Error('not in jsdom');
  },
  realProofs: { proofs: [] },
  realTxBlock: {},
}));

// The proposal page's proof panel, over the test kit's bundles: the browser checks what the
// archive sends and says what is proven from what — or where it breaks, and why.

const HEADLINE =
  /^Follows \(checked in your browser\) from the root this bundle carries \(height 1, hash [0-9A-F]{64}\): 1 vote, signed by validators holding 100 % of the power at height 41\. Compare that root with a source you trust\.$/;

let bundleAnswer: () => Response;
let statusAnswer: Record<string, unknown>;
let stakingUnbonding = '1814400s';
const asked: string[] = [];

beforeEach(() => {
  // The made-up chain begins on 1 January 2026; the browser's clock is an hour later.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-01-01T01:00:00Z'));
  stakingUnbonding = '1814400s';
  asked.length = 0;
  bundleAnswer = () => new Response(JSON.stringify(forgedBundle()), { status: 200 });
  statusAnswer = {
    ...(archiveAnswers.status as Record<string, unknown>),
    proofs: { available: true, problem: null, trust_root: { kind: 'genesis', height: '1' } },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(url);
      if (url.endsWith('/polity/archive/v1/status')) return jsonResponse(statusAnswer);
      if (url.endsWith('/polity/archive/v1/proofs/proposals/7')) return bundleAnswer();
      if (url.endsWith('/cosmos/staking/v1beta1/params'))
        return jsonResponse({ params: { unbonding_time: stakingUnbonding } });
      throw new Error(`unexpected ${url}`);
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
});

const renderPanel = (held = true) =>
  renderWithApp(<ProofPanel endpoint="" subject={{ kind: 'proposal', id: '7' }} what="this proposal" held={held} />);

/** The bundle's JSON with one character of a commit's signature changed. */
function withSignatureChanged(bundle: ProofBundle, blockIndex: number): string {
  const signature = bundle.light_blocks[blockIndex].signed_header.commit.signatures[0];
  const text = signature.signature ?? '';
  signature.signature = `${text[0] === 'A' ? 'B' : 'A'}${text.slice(1)}`;
  return JSON.stringify(bundle);
}

describe('the proof panel', () => {
  it('offers the file with hash links down from the latest signed header, when that header cannot be a root without them', async () => {
    bundleAnswer = () => new Response(JSON.stringify(linkedBundle({ links: false })), { status: 200 });
    renderPanel();
    await screen.findByTestId('proof-headline');
    expect(screen.getByTestId('proof-root-choices')).toHaveTextContent(': at height 1 or 4 as it is');
    const link = within(screen.getByTestId('proof-links-download')).getByRole('link', {
      name: 'the file that carries the hash links down from it',
    });
    expect(screen.getByTestId('proof-links-download')).toHaveTextContent('or at its latest signed header, 6, with');
    expect(link).toHaveAttribute('href', '/polity/archive/v1/proofs/proposals/7?links_from=6');
    expect(link).toHaveAttribute('download', 'proposal-7-proof-bundle-links-from-6.json');
  });

  it('checks the bundle in the browser and says what it proved, from which trust root; details on request', async () => {
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByTestId('proof-headline')).toHaveTextContent(HEADLINE);
    expect(screen.getByTestId('proof-trust-root')).toHaveTextContent(
      'Trust root: the genesis validators of forged-1 (height 1), as the bundle gives them. It comes with the bundle, from the archive itself',
    );
    expect(screen.getByTestId('proof-trust-root')).toHaveTextContent(
      'npx polity-verify proposal-7-proof-bundle.json --trust HEIGHT:HASH',
    );
    // Its signed headers link down to every record, so either can be the reader's own root.
    expect(screen.getByTestId('proof-root-choices')).toHaveTextContent(': at height 1 or 41 as it is');
    expect(screen.queryByTestId('proof-links-download')).toBeNull();
    // The browser's own clock and the chain's own period, never the bundle's.
    expect(screen.getByTestId('proof-clock')).toHaveTextContent(
      "Checked at 1 Jan 2026, 01:00:00 UTC by this machine's clock, with a trusting period of 14 days (two thirds of the chain’s unbonding time, as its node says it); the root is 1 hour old; the chain of trust holds until 15 Jan 2026, 00:00:00 UTC.",
    );
    // One time style on the page, the reader's; the exact instants on hover.
    expect(
      within(screen.getByTestId('proof-clock')).getByTitle(
        /^2026-01-01 01:00:00.000 UTC · 2026-01-15 00:00:00.000 UTC$/,
      ),
    ).toBeInTheDocument();
    // A proof is of its block or state: the page may show newer data, and that is not proven.
    expect(screen.getByTestId('proof-snapshot')).toHaveTextContent(
      'Each proven record is as the chain held it in the block or state named beside it (block 40 here): what changed after is not proven by this bundle, and may differ from what the page shows now.',
    );
    // Collapsed by default; a button (so keyboards and phones reach it) opens the details.
    expect(screen.queryByTestId('proof-details')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show each step and fact' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide each step and fact' })).toHaveAttribute('aria-expanded', 'true');
    const steps = within(screen.getByTestId('proof-steps'));
    expect(steps.getByText(/height 41 \(skipping\): validators trusted at 1 signed 78 % of the power/)).toBeVisible();
    expect(steps.getByText('height 40 (hash link): named by header 41')).toBeVisible();
    expect(screen.getByTestId('proof-facts')).toHaveTextContent(
      'follows: vote of cosmos1w0v0g5m0l3jammh5hdu8ff0pglyaq2ysyknh3p YES on #7 — in block 40 (data_hash), succeeded (last_results_hash of 41)',
    );
  });

  it('refuses a root older than the chain’s trusting period by the browser’s clock, whatever the bundle asks', async () => {
    vi.setSystemTime(new Date('2026-01-20T00:00:00Z'));
    const bundle = forgedBundle();
    bundle.trusting_period_seconds = String(10n ** 12n);
    bundleAnswer = () => new Response(JSON.stringify(bundle), { status: 200 });
    renderPanel();
    expect(await screen.findByTestId('proof-headline')).toHaveTextContent(
      /^Not proven in your browser: the chain of trust breaks at height 41 \(skipping\) — the trusted header 1 \(.+\) is older than the trusting period of 14 days/,
    );
  });

  it('uses a chain’s longer unbonding time, and says where its period comes from', async () => {
    vi.setSystemTime(new Date('2026-01-20T00:00:00Z'));
    stakingUnbonding = '3628800s';
    renderPanel();
    expect(await screen.findByTestId('proof-headline')).toHaveTextContent(HEADLINE);
    expect(screen.getByTestId('proof-clock')).toHaveTextContent('with a trusting period of 28 days');
  });

  it('checks again with a period the reader sets, says it is theirs, and goes back to the chain’s', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    vi.setSystemTime(new Date('2026-01-20T00:00:00Z'));
    window.localStorage.clear();
    renderPanel();
    // 14 days from the chain: the root of 1 Jan no longer vouches on 20 Jan.
    expect(await screen.findByTestId('proof-headline')).toHaveTextContent(/^Not proven in your browser/);
    await user.click(screen.getByRole('button', { name: 'Set your own period' }));
    const days = screen.getByRole('textbox', { name: 'Trusting period (days)' });
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Check with it' }));
    expect(await screen.findByText(/with a trusting period of 30 days \(the one you set\)/)).toBeInTheDocument();
    expect(screen.getByTestId('proof-headline')).toHaveTextContent(HEADLINE);
    await user.click(screen.getByRole('button', { name: 'Change your period' }));
    await user.click(screen.getByRole('button', { name: 'Use the chain’s' }));
    expect(
      await screen.findByText(/with a trusting period of 14 days \(two thirds of the chain’s/),
    ).toBeInTheDocument();
    window.localStorage.clear();
  });

  it('refuses a bundle with one byte changed, naming the step that broke', async () => {
    bundleAnswer = () => new Response(withSignatureChanged(forgedBundle(), 1), { status: 200 });
    renderPanel();
    const headline = await screen.findByTestId('proof-headline');
    expect(headline).toHaveTextContent(
      /^Not proven in your browser: the chain of trust breaks at height 41 \(skipping\) — commit at 41: the signature of [0-9A-F]{40} does not verify$/,
    );
    expect(headline).not.toHaveTextContent('Proven in your browser');
  });

  it('names what is not proven and why, the archive’s own unproven list included, as text', async () => {
    const user = userEvent.setup();
    const bundle = forgedBundle();
    bundle.facts[0].claim.option = 'VOTE_OPTION_NO';
    // Written by whoever controls the archive or the chain: shown as text, its direction controls as markers.
    bundle.unproven = [{ what: 'proposal #7’s record <img src=x onerror=alert(1)>', reason: 'pruned \u202Eevil' }];
    bundleAnswer = () => new Response(JSON.stringify(bundle), { status: 200 });
    const { container } = renderPanel();
    expect(await screen.findByTestId('proof-headline')).toHaveTextContent(
      'Not proven in your browser: 1 vote refused; the chain of trust holds',
    );
    expect(screen.getByText(/also holds 1 record without proof/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show each step and fact' }));
    expect(screen.getByTestId('proof-facts')).toHaveTextContent(
      'Not proven: vote of cosmos1w0v0g5m0l3jammh5hdu8ff0pglyaq2ysyknh3p NO on #7 at 40, because the archive says option is VOTE_OPTION_NO, the proven bytes say VOTE_OPTION_YES',
    );
    const unproven = screen.getByTestId('proof-unproven');
    expect(unproven).toHaveTextContent('Not proven: proposal #7’s record <img src=x onerror=alert(1)>, because pruned');
    expect(within(unproven).getByTitle(/U\+202E/)).toHaveTextContent('RLO');
    expect(container.querySelector('img')).toBeNull();
  });

  it('says why there is no proof when the archive has no trust root yet (503), asking again only slowly', async () => {
    bundleAnswer = () =>
      jsonResponse({ code: 14, message: 'the archive has not proven anything yet', details: [] }, 503, {
        'retry-after': '5',
      });
    renderPanel();
    expect(await screen.findByTestId('proof-unavailable')).toHaveTextContent(
      'No proof to check: the archive has not established its trust root yet',
    );
    expect(asked.filter((url) => url.includes('/proofs/'))).toHaveLength(1);
  });

  it('asks for no bundle while the archive has no trust root, or proves nothing, and says so', async () => {
    statusAnswer = { ...statusAnswer, proofs: { available: true, problem: null, trust_root: null } };
    const waiting = renderPanel();
    expect(await screen.findByTestId('proof-unavailable')).toHaveTextContent(
      'No proof yet: the archive has not established its trust root (the block its checks start from), so it proves nothing yet. The page asks again by itself.',
    );
    waiting.unmount();
    statusAnswer = {
      ...statusAnswer,
      proofs: { available: false, problem: 'the node serves no commits \u202Eevil', trust_root: null },
    };
    renderPanel();
    const said = await screen.findByTestId('proof-unavailable');
    expect(said).toHaveTextContent(
      'Nothing here is proven: this server has no trust root for this chain, so its archive checks nothing against the validators’ signatures. Waiting will not change that; its operator can. The server says: the node serves no commits',
    );
    expect(within(said).getByTitle(/U\+202E/)).toHaveTextContent('RLO');
    expect(asked.filter((url) => url.includes('/proofs/'))).toEqual([]);
  });

  it('says so when the archive holds no record of the subject, or there is no archive, without asking for a bundle', async () => {
    bundleAnswer = () => jsonResponse({ code: 5, message: 'the archive holds no proposal 7', details: [] }, 404);
    const first = renderPanel();
    expect(await screen.findByTestId('proof-unavailable')).toHaveTextContent(
      'No proof to check: the archive holds no record of it.',
    );
    first.unmount();
    const second = renderPanel(false);
    expect(await screen.findByTestId('proof-unavailable')).toHaveTextContent(
      'No proof to check: the archive holds no record of this proposal.',
    );
    second.unmount();
    asked.length = 0;
    vi.mocked(fetch).mockImplementation(async (url) => {
      asked.push(String(url));
      return jsonResponse({ code: 12, message: 'Not Implemented', details: [] }, 501);
    });
    renderWithApp(<ProofPanel endpoint="" subject={{ kind: 'proposal', id: '7' }} what="this proposal" held />);
    expect(await screen.findByTestId('proof-unavailable')).toHaveTextContent(
      'No proof to check: this endpoint has no archive',
    );
    expect(asked.filter((url) => url.includes('/proofs/'))).toEqual([]);
  });
});

describe('the roots this browser checked before', () => {
  afterEach(() => window.localStorage.clear());

  it('remembers the first root, says "same root" the next time, and warns of a different one', async () => {
    window.localStorage.clear();
    const first = renderPanel();
    expect(await screen.findByTestId('proof-root-memory')).toHaveTextContent(
      /^The first root this browser has checked for forged-1 \(height 1, hash [0-9A-F]{12}…\): it is remembered here/,
    );
    first.unmount();
    const again = renderPanel();
    expect(await screen.findByTestId('proof-root-memory')).toHaveTextContent(/^Same root as you checked on /);
    again.unmount();
    // Another root for the same chain: another archive, or the same one lying.
    const remembered = JSON.parse(window.localStorage.getItem('polity.checked-roots.v1') ?? '{}') as Record<
      string,
      { hash: string }[]
    >;
    remembered['forged-1'][0].hash = 'CD'.repeat(32);
    window.localStorage.setItem('polity.checked-roots.v1', JSON.stringify(remembered));
    const different = renderPanel();
    const warning = await screen.findByTestId('proof-root-warning');
    expect(warning).toHaveTextContent(
      /^Not the root you checked before\. On .* this browser checked forged-1 from height 1, hash CDCDCDCDCDCD…; this bundle starts from height 1, hash [0-9A-F]{12}…\./,
    );
    // In the verdict itself, as an alert, not a line further down.
    expect(screen.getByTestId('proof-headline')).toContainElement(warning);
    expect(screen.getByTestId('proof-headline')).toHaveAttribute('role', 'alert');
    different.unmount();
    // Not forgotten after one view: the next page warns again.
    const next = renderPanel();
    const button = within(await screen.findByTestId('proof-root-warning')).getByRole('button', {
      name: 'I compared it: remember this root',
    });
    await userEvent.click(button);
    expect(await screen.findByTestId('proof-root-memory')).toHaveTextContent(/^You compared this root on /);
    expect(screen.queryByTestId('proof-root-warning')).toBeNull();
    next.unmount();
    renderPanel();
    expect(await screen.findByTestId('proof-root-memory')).toHaveTextContent(/^Same root as you checked on /);
  });
});
