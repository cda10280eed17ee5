import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { useEndpoint } from '../../hooks/use-endpoint.ts';
import { withEndpoint } from '../../lib/chain/endpoint.ts';
import classes from './search-results.module.css';

// The pieces every kind of search result is laid out with.

/** One result: a link filling its row (one tab stop), what it is on the first line, details under it. */
export function ResultLink({ to, children, detail }: { to: string; children: ReactNode; detail?: ReactNode }) {
  const endpoint = useEndpoint();
  return (
    <li>
      <Link to={withEndpoint(to, endpoint)} className={classes.result} data-search-result>
        <span className={classes.label}>{children}</span>
        {detail && <span className={classes.detail}>{detail}</span>}
      </Link>
    </li>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={classes.section} aria-label={title}>
      <Title order={2} fz="sm" fw={600} c="dimmed" mb={4}>
        {title}
      </Title>
      {children}
    </section>
  );
}

export function Note({ children }: { children: ReactNode }) {
  return (
    <Text fz="sm" c="dimmed">
      {children}
    </Text>
  );
}
