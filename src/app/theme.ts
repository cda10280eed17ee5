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

/** Mantine's yellow and orange have no shade dark enough for text on their own tints: these are. */
const TEXT_ON_LIGHT: Record<string, string> = { yellow: '#7a4a00', orange: '#9a3412' };
const lightText = (color: string) => TEXT_ON_LIGHT[color] ?? `var(--mantine-color-${color}-9)`;

/** `part` of colour `a` over colour `b` (both #rrggbb): a tint that stays dark enough for light text. */
function mix(a: string, b: string, part: number): string {
  const channel = (hex: string, index: number) => parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16);
  return `#${[0, 1, 2]
    .map((index) => Math.round(channel(a, index) * part + channel(b, index) * (1 - part)))
    .map((value) => value.toString(16).padStart(2, '0'))
    .join('')}`;
}
const DARK_BODY = DEFAULT_THEME.colors.dark[7];
const darkTint = (color: string, part: number) => mix(DEFAULT_THEME.colors[color][9], DARK_BODY, part);

/**
 * Colours that keep text at 4.5:1 (WCAG AA) or more on the page, on cards and on tinted alerts
 * and badges: dimmed text, coloured text (c="teal"), outline badges and the text of light
 * variants use darker shades in light mode, lighter ones in dark mode, over paler tints (light)
 * and darker tints (dark) than Mantine's defaults.
 */
export const contrastResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    ...perColor((color) => [`--mantine-color-${color}-text`, lightText(color)]),
    ...perColor((color) => [`--mantine-color-${color}-outline`, lightText(color)]),
    ...perColor((color) => [`--mantine-color-${color}-light`, `var(--mantine-color-${color}-0)`]),
    ...perColor((color) => [`--mantine-color-${color}-light-hover`, `var(--mantine-color-${color}-1)`]),
    ...perColor((color) => [`--mantine-color-${color}-light-color`, lightText(color)]),
  },
  dark: {
    '--mantine-color-dimmed': '#ababab',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-3)',
    ...perColor((color) => [`--mantine-color-${color}-text`, `var(--mantine-color-${color}-3)`]),
    ...perColor((color) => [`--mantine-color-${color}-outline`, `var(--mantine-color-${color}-3)`]),
    ...perColor((color) => [`--mantine-color-${color}-light`, darkTint(color, 0.2)]),
    ...perColor((color) => [`--mantine-color-${color}-light-hover`, darkTint(color, 0.3)]),
  },
});
