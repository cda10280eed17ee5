import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { useEndpoint } from '../hooks/use-endpoint.ts';
import { withEndpoint } from '../lib/endpoint.ts';

/** An in-app link that keeps the chosen endpoint (?api=) so the next page reads the same chain. */
export function AppLink({
  to,
  children,
  ...rest
}: { to: string; children: ReactNode; title?: string; 'aria-label'?: string } & AnchorProps) {
  const endpoint = useEndpoint();
  return (
    <Anchor component={Link} to={withEndpoint(to, endpoint)} {...rest}>
      {children}
    </Anchor>
  );
}
