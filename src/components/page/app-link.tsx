import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { useEndpoint } from '../../hooks/use-endpoint.ts';
import { withEndpoint } from '../../lib/chain/endpoint.ts';

/**
 * An in-app link that keeps the chosen endpoint (?api=) so the next page reads the same chain,
 * or names another (`endpoint`: a page of another chain this server serves).
 */
export function AppLink({
  to,
  children,
  endpoint,
  ...rest
}: { to: string; children: ReactNode; title?: string; 'aria-label'?: string; endpoint?: string } & AnchorProps) {
  const current = useEndpoint();
  return (
    <Anchor component={Link} to={withEndpoint(to, endpoint ?? current)} {...rest}>
      {children}
    </Anchor>
  );
}
