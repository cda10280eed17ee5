import { Badge, Card, createTheme, DEFAULT_THEME, Paper, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 8 keeps links and filled buttons at 4.5:1 or more against white (shade 6 is 4.3:1).
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  focusRing: 'always',
  components: {
    Badge: Badge.extend({ defaultProps: { variant: 'light', radius: 'sm' } }),
    Card: Card.extend({ defaultProps: { withBorder: true, padding: 'lg' } }),
    Paper: Paper.extend({ defaultProps: { withBorder: true, p: 'md' } }),
  },
});

const COLORS = Object.keys(DEFAULT_THEME.colors).filter((color) => color !== 'dark');
const perColor = (variable: (color: string) => [string, string]) =>
  Object.fromEntries(COLORS.map((color) => variable(color)));

/**
 * Colours that keep text at 4.5:1 (WCAG AA) on the page, on cards and on tinted alerts: dimmed
 * text, coloured text (c="teal") and outline badges use darker shades in light mode and lighter
 * ones in dark mode than Mantine's defaults.
 */
export const contrastResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    ...perColor((color) => [`--mantine-color-${color}-text`, `var(--mantine-color-${color}-9)`]),
    ...perColor((color) => [`--mantine-color-${color}-outline`, `var(--mantine-color-${color}-9)`]),
  },
  dark: {
    '--mantine-color-dimmed': '#ababab',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-3)',
    ...perColor((color) => [`--mantine-color-${color}-text`, `var(--mantine-color-${color}-3)`]),
    ...perColor((color) => [`--mantine-color-${color}-outline`, `var(--mantine-color-${color}-3)`]),
  },
});
