import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithApp } from '../../../test/render.tsx';
import { CancelledPlans } from './cancelled-plans.tsx';

const plan = {
  name: 'v5-borealis',
  height: '1200',
  info: '{}',
  scheduled_at_height: '1000',
  applied_height: null,
  applied_time: null,
};

describe('cancelled and replaced plans', () => {
  it('say what scheduled each plan and what ended it, linking a group proposal to its page', () => {
    renderWithApp(
      <CancelledPlans
        cancelled={[
          {
            ...plan,
            scheduled_by: { kind: 'gov', id: '12' },
            cancelled_at_height: '1100',
            cancelled_by: { kind: 'group', id: '41' },
          },
        ]}
      />,
    );
    const row = screen.getAllByRole('row')[1];
    expect(row).toHaveTextContent('x/gov proposal #12');
    expect(within(row).getByRole('link', { name: 'group proposal #41' })).toHaveAttribute('href', '/proposals/41');
    expect(row).toHaveTextContent('1,100');
  });

  it('show nothing when no plan was ever cancelled', () => {
    const { container } = renderWithApp(<CancelledPlans cancelled={[]} />);
    expect(container.querySelector('table')).toBeNull();
  });
});
