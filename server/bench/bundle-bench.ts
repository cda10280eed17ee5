// What serving proof bundles costs the archive: one proposal of 50,000 proven votes fetched page
// by page, then 50 bundle requests at once, while another reader asks the archive's status every
// 50 ms — the slowest of its answers is what the bundles cost everyone else. Run alone
// (node --expose-gc --import tsx server/bench/bundle-bench.ts) or from `npm run bench:archive`.

import { followNode, type TestArchive } from '../test/archive-harness.ts';
import { chainClock } from '../test/chain-clock.ts';
import { startHarness } from '../test/harness.ts';
import { copyProvenVote } from './synthetic-archive.ts';

const VOTES = 50_000;
const MB = 1024 * 1024;

/** Asks `url` every 50 ms until stopped: the slowest answer, and how many. */
function watch(url: string) {
  let slowest = 0;
  let answers = 0;
  let going = true;
  const done = (async () => {
    while (going) {
      const started = performance.now();
      await (await fetch(url)).arrayBuffer();
      slowest = Math.max(slowest, performance.now() - started);
      answers += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    stop: async () => {
      going = false;
      await done;
      return { slowest, answers };
    },
  };
}

export async function bundleBench(): Promise<void> {
  const h = await startHarness({ seed: 'bundle-bench', livePeriodS: 30, keepRecent: 3000, archive: () => archive });
  let archive: TestArchive | null = null;
  const following = await followNode(h.base, ':memory:', undefined, {
    trust: { kind: 'genesis' },
    proofClock: chainClock(h.node),
  });
  archive = following;
  try {
    h.node.advance(30, 3000);
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      // The archive's status counts the votes it proved, as any reader would see it.
      const status = (await (await fetch(`${h.base}/polity/archive/v1/status`)).json()) as {
        proofs?: { records?: { vote?: { proven: string } } };
      };
      if (Number(status.proofs?.records?.vote?.proven ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await following.stopFollowing();
    const proposal = await copyProvenVote(following.db, VOTES);
    const path = `${h.base}/polity/archive/v1/proofs/proposals/${proposal}`;

    globalThis.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
    const status = watch(`${h.base}/polity/archive/v1/status`);
    let started = performance.now();
    let bytes = 0;
    let pages = 0;
    for (let next: string | null = path; next; pages += 1) {
      const response: Response = await fetch(next);
      const text: string = await response.text();
      bytes += text.length;
      const page: { next: string | null } | undefined = (JSON.parse(text) as { page?: { next: string | null } }).page;
      next = page?.next ? `${h.base}/polity/archive/v1/${page.next}` : null;
    }
    const wholeMs = performance.now() - started;
    const whole = await status.stop();
    console.log(
      `proof bundles, one proposal of ${VOTES.toLocaleString('en')} proven votes: ${pages} pages, ` +
        `${(bytes / MB).toFixed(1)} MB in ${(wholeMs / 1000).toFixed(2)} s; memory ${(rssBefore / MB).toFixed(0)} → ` +
        `${(rssPeak / MB).toFixed(0)} MB at most; slowest status answer meanwhile ${whole.slowest.toFixed(0)} ms ` +
        `(of ${whole.answers})`,
    );

    globalThis.gc?.();
    rssPeak = process.memoryUsage().rss;
    const concurrent = watch(`${h.base}/polity/archive/v1/status`);
    started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        fetch(`${path}?page=${(index % pages) + 1}`).then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        }),
      ),
    );
    const concurrentMs = performance.now() - started;
    const other = await concurrent.stop();
    clearInterval(sampler);
    const statuses = new Map<number, number>();
    for (const code of answers) statuses.set(code, (statuses.get(code) ?? 0) + 1);
    console.log(
      `proof bundles, 50 requests at once (pages of that proposal): all answered in ${(concurrentMs / 1000).toFixed(2)} s ` +
        `(${[...statuses].map(([code, count]) => `${count} × ${code}`).join(', ')}); memory at most ${(rssPeak / MB).toFixed(0)} MB; ` +
        `slowest status answer meanwhile ${other.slowest.toFixed(0)} ms (of ${other.answers}; goal ≤ 1,000 ms)`,
    );
  } finally {
    await following.close();
    await h.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  bundleBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
