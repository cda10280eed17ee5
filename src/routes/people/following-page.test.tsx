import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { FOLLOWED_KEY } from '../../features/following/followed-key.ts';
import { startWatching } from '../../features/following/start-watching.ts';
import { archiveAnswers, stubNodeAndArchive } from '../../test/fake-archive.ts';
import { renderRoute } from '../../test/render-route.tsx';

// The watcher itself is tested on its own (follow-watcher.test.ts): here it only has to be started.
vi.mock('../../features/following/start-watching.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../features/following/start-watching.ts')>()),
  startWatching: vi.fn(),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(startWatching).mockClear();
  localStorage.clear();
});

const openCount = { proposals: [], pagination: { next_key: null, total: '3' } };

/** A Notification API whose permission the test reads and the reader's answer sets. */
function stubNotifications(answer: NotificationPermission) {
  const api = {
    permission: 'default' as NotificationPermission,
    requestPermission: vi.fn(async () => {
      api.permission = answer;
      return answer;
    }),
  };
  vi.stubGlobal('Notification', api);
  return api.requestPermission;
}

describe('following a group, and the Following page', () => {
  it('a Follow toggle on the group page; the item listed with its state; unfollowing from the list', async () => {
    stubNodeAndArchive({ ...archiveAnswers, proposals: openCount });
    const user = userEvent.setup();
    const view = renderRoute('/groups/1');
    const button = await screen.findByRole('button', { name: 'Follow group Core contributors' }, { timeout: 5000 });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(startWatching).not.toHaveBeenCalled();
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(button).toHaveAccessibleName('Follow group Core contributors');
    expect(startWatching).toHaveBeenCalled();
    const stored = JSON.parse(localStorage.getItem(FOLLOWED_KEY)!) as { items: { id: string; followedAt: string }[] };
    expect(stored.items[0].id).toBe('1');
    // Dated with the chain's time (the archive's latest block, 2026-01-03), not the test machine's clock.
    expect(stored.items[0].followedAt.slice(0, 10)).toBe('2026-01-03');

    await view.router.navigate('/following');
    const item = await screen.findByTestId('followed-item');
    expect(within(item).getByRole('link', { name: 'Core contributors' })).toHaveAttribute('href', '/groups/1');
    expect(await within(item).findByText('3 proposals open for votes')).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: 'Unfollow group Core contributors' }));
    expect(await screen.findByText(/Nothing yet/)).toBeInTheDocument();
    expect(localStorage.getItem(FOLLOWED_KEY)).toBeNull();
  });

  it('offers no Follow button where the endpoint has no archive', async () => {
    stubNodeAndArchive('absent');
    renderRoute('/groups/1');
    await screen.findByRole('heading', { name: 'Core contributors', level: 1 }, { timeout: 5000 });
    // The membership history says the endpoint has no archive: the status has answered.
    await screen.findByTestId('needs-archive', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /^Follow/ })).toBeNull();
  });

  it('reports a damaged stored list instead of dropping it, and starts over only when asked', async () => {
    localStorage.setItem(FOLLOWED_KEY, '{"version":7,"things":[]}');
    stubNodeAndArchive(archiveAnswers);
    const user = userEvent.setup();
    renderRoute('/following');
    const alert = await screen.findByTestId('following-damaged', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('format version 7; this Polity reads version 1');
    expect(localStorage.getItem(FOLLOWED_KEY)).toBe('{"version":7,"things":[]}');
    await user.click(within(alert).getByRole('button', { name: 'Start over with an empty list' }));
    expect(await screen.findByText(/Nothing yet/)).toBeInTheDocument();
    expect(localStorage.getItem(`${FOLLOWED_KEY}.unreadable`)).toBe('{"version":7,"things":[]}');
  });

  it('asks for permission to notify only when the button is pressed, and says how notifications come', async () => {
    const requestPermission = stubNotifications('granted');
    stubNodeAndArchive(archiveAnswers);
    const user = userEvent.setup();
    renderRoute('/following');
    expect(await screen.findByTestId('permission', {}, { timeout: 5000 })).toHaveTextContent('Notifications are off');
    expect(screen.getByText(/Notifications arrive only while a Polity tab is open/)).toBeInTheDocument();
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Enable notifications' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId('permission')).toHaveTextContent('Notifications are on');
    expect(screen.queryByRole('button', { name: 'Enable notifications' })).toBeNull();
  });
});
