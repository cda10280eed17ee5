import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { labelText } from '../../lib/text/hostile-text.ts';
import { renderWithApp } from '../../test/render.tsx';
import { OnChainText } from './on-chain-text.tsx';

const RLO = '\u202E';

describe('on-chain text', () => {
  it('shows a right-to-left override as a marker instead of letting it reverse the text', () => {
    const { container } = renderWithApp(<OnChainText value={`Pay to ${RLO}txt.exe${'\u202C'} now`} />);
    const text = container.querySelector('bdi')!;
    expect(text.textContent).toBe('Pay to RLOtxt.exePDF now');
    expect(text.textContent).not.toContain(RLO);
    expect(screen.getByText('RLO')).toHaveAttribute(
      'title',
      'U+202E, a text-direction control, shown instead of applied',
    );
  });

  it('shortens a huge string and expands it on request', async () => {
    const huge = 'A'.repeat(100_000);
    const { container } = renderWithApp(<OnChainText value={huge} max={300} />);
    expect(container.querySelector('bdi')!.textContent).toBe(`${'A'.repeat(300)}…`);
    await userEvent.click(screen.getByRole('button', { name: 'Show all 100,000 characters' }));
    expect(container.querySelector('bdi')!.textContent).toBe(huge);
    await userEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(container.querySelector('bdi')!.textContent).toHaveLength(301);
  });

  it('never splits a character made of two code units', () => {
    const { container } = renderWithApp(<OnChainText value={`${'a'.repeat(9)}😀tail`} max={10} />);
    expect(container.querySelector('bdi')!.textContent).toBe(`${'a'.repeat(9)}…`);
  });

  it('makes one-line labels safe too: controls marked, length capped', () => {
    expect(labelText(`refund ${RLO}gpj.exe`)).toBe('refund ⟨RLO⟩gpj.exe');
    expect(labelText('x'.repeat(500), 160)).toBe(`${'x'.repeat(160)}…`);
    expect(labelText(null)).toBe('');
  });
});
