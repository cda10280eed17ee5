import { Badge, Card, createTheme, Paper } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  focusRing: 'always',
  components: {
    Badge: Badge.extend({ defaultProps: { variant: 'light', radius: 'sm' } }),
    Card: Card.extend({ defaultProps: { withBorder: true, padding: 'lg' } }),
    Paper: Paper.extend({ defaultProps: { withBorder: true, p: 'md' } }),
  },
});
