import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * A deep blue whose filled shade passes WCAG AA contrast with white text (Mantine's default blue does
 * not: 4.19:1). Shade 7 (#1c5d99) is the filled colour.
 */
const karya: MantineColorsTuple = [
  '#e8f1fa',
  '#cfe0f1',
  '#a0c0e3',
  '#6d9ed5',
  '#4481c9',
  '#2b6fc1',
  '#2066b0',
  '#1c5d99',
  '#134a7e',
  '#063b67',
];

export const theme = createTheme({
  primaryColor: 'karya',
  primaryShade: { light: 7, dark: 5 },
  colors: { karya },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Oriya", sans-serif',
  defaultRadius: 'md',
  cursorType: 'pointer',
});
