import { ActionIcon, Box, Container, Group, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { NavLink, Outlet, useNavigation } from 'react-router';

import { useEndpoint } from '../hooks/use-endpoint.ts';
import { useLatestHeight } from '../hooks/use-latest-height.ts';
import { withEndpoint } from '../lib/endpoint.ts';
import { EndpointButton } from './endpoint-button.tsx';
import classes from './shell.module.css';

function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="default"
      className={classes.icon}
      onClick={() => setColorScheme(next)}
      aria-label={`Switch to ${next} mode`}
    >
      <span aria-hidden>{scheme === 'dark' ? '☀' : '☾'}</span>
    </ActionIcon>
  );
}

/** The frame of every page: one compact header line (it stays one line at 390 px), then the page. */
export function Shell() {
  const endpoint = useEndpoint();
  const height = useLatestHeight(endpoint);
  const navigation = useNavigation();
  const link = (to: string, label: string) => (
    <NavLink to={withEndpoint(to, endpoint)} className={classes.link} end={to === '/'}>
      {label}
    </NavLink>
  );
  return (
    <>
      <a href="#main" className={classes.skip}>
        Skip to content
      </a>
      <Box component="header" className={classes.header}>
        <Container size="xl" className={classes.bar}>
          <Text fw={800} component="span" className={classes.brand}>
            Polity
          </Text>
          <nav aria-label="Main" className={classes.nav}>
            {link('/', 'Overview')}
            {link('/groups', 'Groups')}
            {link('/proposals', 'Proposals')}
            {link('/upgrades', 'Upgrades')}
            {link('/following', 'Following')}
          </nav>
          <Group gap={6} wrap="nowrap" ml="auto">
            <Text fz="xs" c="dimmed" visibleFrom="md" data-testid="latest-height">
              {height ? `height ${height}` : ''}
            </Text>
            <EndpointButton />
            <ThemeToggle />
          </Group>
        </Container>
        {navigation.state === 'loading' && (
          <div className={classes.progress} role="progressbar" aria-label="Loading page" />
        )}
      </Box>
      <Container size="xl" py="md" pb="xl" component="main" id="main" tabIndex={-1}>
        <Outlet />
      </Container>
    </>
  );
}
