import { createRequire } from 'node:module';

import type { Page } from '@playwright/test';

// axe-core, added to the page as a script (which the app's Content-Security-Policy refuses: the
// specs that use it run with bypassCSP), at WCAG 2.2 AA (target size included) and best practices.

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Every axe finding on the page as it is now, whatever its impact, in a few words each. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }
    ).axe;
    // WCAG 2.2 AA (target size included) and axe's best practices.
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags } })).violations;
  });
  return (violations as AxeViolation[]).map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ` +
      violation.nodes
        .slice(0, 3)
        .map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join(' ')}`)
        .join(' | '),
  );
}
