import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithApp } from '../../test/render.tsx';
import { ArchiveFilling } from './backfill-progress.tsx';

const fill = {
  phase: 'reading',
  from_height: '518402',
  to_height: '620000',
  done_blocks: '25400',
  total_blocks: '101599',
  eta_seconds: 12,
};

describe('ArchiveFilling', () => {
  it('shows a gap fill as a bar of its own, with the heights read again and how far it got', () => {
    renderWithApp(<ArchiveFilling backfill={null} fill={fill} fillProblem={null} />);
    const bar = screen.getByRole('progressbar');
    expect(bar).toHaveAccessibleName(
      'Filling gaps: reading heights 518,402–620,000 again from the node beside the archive, 25,400 of 101,599 blocks, about 12 s left',
    );
    expect(bar).toHaveAttribute('value', String((25400 / 101599) * 100));
    expect(screen.queryByTestId('backfill-progress')).toBeNull();
  });

  it('says when the filled history is being taken in, and why gaps the node cannot give stay', () => {
    renderWithApp(
      <ArchiveFilling
        backfill={null}
        fill={{ ...fill, phase: 'merging', done_blocks: '101599', eta_seconds: null }}
        fillProblem="heights 700-760 (in gaps) cannot be filled from this node: it keeps state from height 900 on"
      />,
    );
    expect(screen.getByRole('progressbar')).toHaveAccessibleName(
      'Filling gaps: heights 518,402–620,000 read again from the node, being taken into the archive',
    );
    expect(screen.getByTestId('gap-fill-problem')).toHaveTextContent(
      'Gaps not filled: heights 700-760 (in gaps) cannot be filled from this node: it keeps state from height 900 on.',
    );
  });
});
