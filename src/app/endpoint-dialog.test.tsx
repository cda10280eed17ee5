import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { chainAnswers } from '../test/chain-fixtures.ts';
import { renderRoute } from '../test/render-route.tsx';
import { jsonResponse } from '../test/render.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const DEAD = 'http://127.0.0.1:9';
const LIVE = 'https://rest.example.org';

/**
 * This server answers the small chain; LIVE is a node of chain "hub-7" at height 9,001 with
 * x/group; DEAD refuses connections the way fetch reports it (a TypeError, whatever the cause).
 */
function stubEndpoints({
  liveModules = ['bank', 'group', 'upgrade'],
  served = false,
}: { liveModules?: string[]; served?: boolean } = {}) {
  const requests: string[] = [];
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://polity.test');
    requests.push(url.href);
    if (url.origin === DEAD) throw new TypeError('Failed to fetch');
    const path = url.pathname;
    if (path === '/cosmos/upgrade/v1beta1/module_versions')
      return jsonResponse({ module_versions: liveModules.map((name) => ({ name, version: '1' })) });
    if (url.origin === LIVE && path === '/cosmos/base/tendermint/v1beta1/blocks/latest')
      return jsonResponse({ sdk_block: { header: { chain_id: 'hub-7', height: '9001' } } });
    if (served && path === '/polity/config.json')
      return jsonResponse({
        chains: [
          { name: 'local', path: '', pretty_name: 'Embedded', chain_id: 'polity-polity' },
          { name: 'regen', path: '/upstream/regen', pretty_name: 'Regen', chain_id: 'regen-1' },
        ],
      });
    if (path.startsWith('/upstream/regen/'))
      return jsonResponse({ code: 14, message: 'upstream regen did not answer', details: [] }, 502);
    const answer = (chainAnswers as Record<string, unknown>)[path];
    if (answer !== undefined) return jsonResponse(answer);
    return jsonResponse({ code: 12, message: 'Not Implemented', details: [] }, 501);
  });
  vi.stubGlobal('fetch', fetch);
  return { requests };
}

async function openDialogAndUse(endpoint: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('endpoint-button'));
  const dialog = await screen.findByRole('dialog', { name: 'Which chain to read' });
  const field = within(dialog).getByRole('textbox', { name: /REST endpoint/ });
  await user.clear(field);
  await user.type(field, endpoint);
  await user.click(within(dialog).getByRole('button', { name: 'Use it' }));
  return dialog;
}

describe('switching chains in the Chain dialog', () => {
  it('says why a chain this server serves could not be read beside that chain, not under the field', async () => {
    stubEndpoints({ served: true });
    renderRoute('/groups/1');
    await screen.findByRole('heading', { name: 'Core contributors', level: 1 });
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('endpoint-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Which chain to read' });
    const chains = within(dialog).getByRole('group', { name: 'Chains this server serves' });
    await user.click(await within(chains).findByRole('button', { name: /Regen/ }));
    expect(await within(chains).findByRole('alert')).toHaveTextContent(/regen/i);
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
  });

  it('gives focus back to the Chain button when Escape closes it, the first time too', async () => {
    stubEndpoints();
    renderRoute('/groups/1');
    await screen.findByRole('heading', { name: 'Core contributors', level: 1 });
    const user = userEvent.setup();
    const button = await screen.findByTestId('endpoint-button');
    await user.click(button);
    await screen.findByRole('dialog', { name: 'Which chain to read' });
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Which chain to read' })).toBeNull());
    await vi.waitFor(() => expect(button).toHaveFocus());
  });

  it('has one banner landmark, the page’s, while the dialog is open', async () => {
    stubEndpoints();
    renderRoute('/groups/1');
    await screen.findByRole('heading', { name: 'Core contributors', level: 1 });
    await userEvent.setup().click(await screen.findByTestId('endpoint-button'));
    const dialog = await screen.findByRole('dialog', { name: 'Which chain to read' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.getAllByRole('banner', { hidden: true })).toHaveLength(1);
  });

  it('checks the endpoint first and stays on the current chain when nothing answers, saying why', async () => {
    stubEndpoints();
    const { router } = renderRoute('/groups/1');
    await screen.findByRole('heading', { name: 'Core contributors', level: 1 });
    const dialog = await openDialogAndUse(DEAD);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`Could not read ${DEAD}`);
    // Down and CORS-refused look the same to a page: it says so instead of guessing.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/a browser does not say which/);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/Still reading this server/);
    expect(within(dialog).getByRole('alert')).not.toHaveTextContent(/restart/i);
    expect(within(dialog).getByTestId('raw-error')).toHaveTextContent(/could not be reached/);
    // Not switched: the page and its link stay on this server.
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('polity.api')).toBeNull();
    expect(screen.getByTestId('endpoint-button')).toHaveTextContent('Chain: this server');
  });

  it('switches once the endpoint answers, and says which chain it reached', async () => {
    const { requests } = stubEndpoints();
    const { router } = renderRoute('/groups/1');
    await screen.findByRole('heading', { name: 'Core contributors', level: 1 });
    const dialog = await openDialogAndUse(LIVE);
    const reached = await within(dialog).findByTestId('probe-reached');
    expect(reached).toHaveTextContent('hub-7');
    expect(reached).toHaveTextContent('9,001');
    expect(router.state.location.search).toBe(`?api=${encodeURIComponent(LIVE)}`);
    // The questions came before the switch: the new chain's first two requests were the probe's.
    const toLive = requests.filter((url) => url.startsWith(LIVE)).map((url) => url.slice(LIVE.length));
    expect(new Set(toLive.slice(0, 2))).toEqual(
      new Set(['/cosmos/upgrade/v1beta1/module_versions', '/cosmos/base/tendermint/v1beta1/blocks/latest']),
    );
  });

  it('refuses a Cosmos node without x/group', async () => {
    stubEndpoints({ liveModules: ['bank', 'upgrade'] });
    const { router } = renderRoute('/groups/1');
    await screen.findByRole('heading', { name: 'Core contributors', level: 1 });
    const dialog = await openDialogAndUse(LIVE);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('has no x/group module');
    expect(router.state.location.search).toBe('');
  });

  it('says it is checking meanwhile, and switches nothing when closed before the answer', async () => {
    stubEndpoints();
    const slow = 'https://slow.example.org';
    const answered = vi.fn(globalThis.fetch);
    // The slow node never answers until asked to stop.
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string | URL | Request, init?: RequestInit) =>
        String(input).startsWith(slow)
          ? new Promise<Response>((_resolve, reject) =>
              init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
            )
          : answered(input, init),
      ),
    );
    const { router } = renderRoute('/groups/1');
    await screen.findByRole('heading', { name: 'Core contributors', level: 1 });
    const dialog = await openDialogAndUse(slow);
    expect(within(dialog).getByTestId('probe-checking')).toHaveTextContent(`Checking ${slow}…`);
    expect(within(dialog).getByRole('button', { name: 'Use it' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(router.state.location.search).toBe('');
  });
});
