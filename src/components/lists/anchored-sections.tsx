import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A section of a long page: its anchor (`#id`) and its title. */
export interface PageSection {
  id: string;
  title: string;
}

/** "On this page:" and a link to each section, for pages whose last sections can be very long. */
export function OnThisPage({ sections }: { sections: readonly PageSection[] }) {
  return (
    <Group gap="xs" component="nav" aria-label="On this page">
      <Text span fz="sm" c="dimmed">
        On this page:
      </Text>
      {sections.map((section) => (
        <Anchor key={section.id} href={`#${section.id}`} fz="sm">
          {section.title}
        </Anchor>
      ))}
    </Group>
  );
}

/** A titled section that a link can scroll to; the margin keeps its title clear of the sticky header. */
export function AnchoredSection({ section, children }: { section: PageSection; children: ReactNode }) {
  return (
    <Stack
      gap="xs"
      component="section"
      id={section.id}
      aria-labelledby={`${section.id}-title`}
      style={{ scrollMarginTop: 64 }}
    >
      <Title order={2} fz="lg" id={`${section.id}-title`}>
        {section.title}
      </Title>
      {children}
    </Stack>
  );
}
