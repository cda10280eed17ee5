import { Box, Container, Group, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, Outlet, useLocation, useNavigation } from 'react-router';

import { useHeightKeptFresh } from '../hooks/time/use-height-kept-fresh.ts';
import { useLatestHeight } from '../hooks/time/use-latest-height.ts';
import { useEndpoint } from '../hooks/use-endpoint.ts';
import { endpointLabel, withEndpoint } from '../lib/chain/endpoint.ts';
import { grouped } from '../lib/format-number.ts';
import { EndpointButton } from './endpoint-button.tsx';
import { HeaderSearch } from './header-search.tsx';
import classes from './shell.module.css';

// The zone switch and the zone formatting it uses come just after the first paint: the first
// page's script stays within its budget, and the switch is seldom pressed in the first second.
const TimeZoneToggle = lazy(() =>
  import('./time-zone-toggle.tsx').then((module) => ({ default: module.TimeZoneToggle })),
);

// Shown only on a chain that removed x/group: its few lines come after the first paint, not with it.
const GroupModuleNotice = lazy(() =>
  import('../components/states/group-module-notice.tsx').then((module) => ({ default: module.GroupModuleNotice })),
);

const PAGES = [
  { to: '/', label: 'Overview' },
  { to: '/groups', label: 'Groups' },
  { to: '/proposals', label: 'Proposals' },
  { to: '/upgrades', label: 'Upgrades' },
  { to: '/following', label: 'Following' },
  { to: '/chains', label: 'Chains' },
] as const;

/** The nav item the path is in (a group's page is under Groups), as NavLink marks it current. */
export function currentPage(pathname: string) {
  return PAGES.find(({ to }) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`)));
}

function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    // A plain button: Mantine's ActionIcon brought its group components to every first page.
    <button
      type="button"
      className={classes.icon}
      onClick={() => setColorScheme(next)}
      aria-label={`Switch to ${next} mode`}
    >
      <span aria-hidden>{scheme === 'dark' ? '☀' : '☾'}</span>
    </button>
  );
}

function NavLinks({ endpoint, className }: { endpoint: string; className: string }) {
  return PAGES.map(({ to, label }) => (
    <NavLink key={to} to={withEndpoint(to, endpoint)} className={className} end={to === '/'}>
      {label}
    </NavLink>
  ));
}

/**
 * Phones: one button, named by the page it is on ("☰ Upgrades"), opens every link as a list
 * under the header; it closes when a link is followed (the location changes) or on Escape.
 */
function PhoneMenu({ endpoint, height }: { endpoint: string; height: string | null }) {
  const location = useLocation();
  // Open for the location it was opened at: following a link closes it, with no effect to run.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const button = useRef<HTMLButtonElement>(null);
  const current = currentPage(location.pathname);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    setOpenAt(null);
    button.current?.focus();
  };
  return (
    <div className={classes.phone} onKeyDown={closeOnEscape}>
      <button
        ref={button}
        type="button"
        className={classes.menuButton}
        aria-expanded={open}
        aria-controls="phone-nav"
        onClick={() => setOpenAt(open ? null : location.key)}
        data-testid="menu-button"
      >
        <span aria-hidden>☰</span>
        <span className={classes.hidden}>Menu, this page: </span>
        <span className={classes.menuLabel}>{current?.label ?? 'Menu'}</span>
      </button>
      {open && (
        <nav aria-label="Main" id="phone-nav" className={classes.panel}>
          <NavLinks endpoint={endpoint} className={classes.panelLink} />
          <Suspense fallback={null}>
            <TimeZoneToggle inMenu />
          </Suspense>
          <Text fz="xs" c="dimmed" className={classes.panelNote}>
            Reading {endpointLabel(endpoint)}
            {height ? `, at height ${grouped(height)}` : ''}
          </Text>
        </nav>
      )}
    </div>
  );
}

/** The frame of every page: one compact header line (a menu button on phones), then the page. */
export function Shell() {
  const endpoint = useEndpoint();
  const height = useLatestHeight(endpoint);
  useHeightKeptFresh(endpoint);
  const navigation = useNavigation();
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
            <NavLinks endpoint={endpoint} className={classes.link} />
          </nav>
          <PhoneMenu endpoint={endpoint} height={height} />
          <Group gap={6} wrap="nowrap" ml="auto">
            <Text fz="xs" c="dimmed" visibleFrom="md" data-testid="latest-height">
              {height ? `height ${grouped(height)}` : ''}
            </Text>
            <HeaderSearch />
            <EndpointButton />
            <Suspense fallback={null}>
              <TimeZoneToggle />
            </Suspense>
            <ThemeToggle />
          </Group>
        </Container>
        {navigation.state === 'loading' && (
          <div className={classes.progress} role="progressbar" aria-label="Loading page" />
        )}
      </Box>
      <Container size="xl" py="md" pb="xl" component="main" id="main" tabIndex={-1}>
        <Suspense fallback={null}>
          <GroupModuleNotice endpoint={endpoint} />
        </Suspense>
        <Outlet />
      </Container>
    </>
  );
}
