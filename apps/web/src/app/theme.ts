import {
  type AvatarGroupProps,
  type CheckboxProps,
  type CSSVariablesResolver,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  isLightColor,
  type MantineColorsTuple,
  type NotificationProps,
  type PasswordInputProps,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';
import type { KeyboardEvent } from 'react';

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

/**
 * Text on light, outline and subtle variants (badges, avatars, subtle buttons) uses a darkened shade 9
 * of its colour: Mantine's shade 6 on a tinted background is below 4.5:1 for green, orange, red and gray.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const defaults = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (!parsed.isThemeColor || parsed.color === 'karya') return defaults;
  if ((input.variant ?? 'filled') === 'filled') {
    // Filled surfaces use a darkened shade 9, with black or white text, whichever passes 4.5:1.
    const background = darken(input.theme.colors[parsed.color]![9], 0.15);
    return {
      ...defaults,
      background,
      hover: darken(background, 0.1),
      color: isLightColor(background, 0.2) ? 'var(--mantine-color-black)' : 'var(--mantine-color-white)',
    };
  }
  if (!['light', 'outline', 'subtle', 'transparent'].includes(input.variant ?? '')) return defaults;
  // Yellow is the lightest hue: darkened as much as the others it was 4.4:1 on its own tint (the quotations'
  // Pending review badge, axe in Chromium).
  const text = darken(input.theme.colors[parsed.color]![9], parsed.color === 'yellow' ? 0.32 : 0.25);
  return {
    ...defaults,
    color: text,
    hoverColor: text,
    border: input.variant === 'outline' ? `1px solid ${text}` : defaults.border,
  };
};

/** Dimmed text (hints, captions, toast descriptions) at 5.9:1 on white instead of Mantine's 3.3:1. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Dimmed text and error red (Mantine's red 6 is 3.6:1 on white) darkened to pass WCAG AA (4.5:1).
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': '#c92a2a',
    // Placeholders Mantine draws itself (date pickers) are real text to axe: 4.8:1 instead of 2.1:1.
    '--mantine-color-placeholder': '#6c737a',
  },
  dark: {},
});

/**
 * Mantine takes the show-password toggle out of the tab order and hides it from screen readers; here it is a
 * named, focusable toggle button (aria-pressed says its state). Mantine toggles on Space and on mouse down
 * only, so Enter is turned into the same mouse down.
 */
const passwordToggleProps = {
  tabIndex: 0,
  'aria-label': 'Show password',
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    event.currentTarget.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
  },
};

// The component defaults are plain objects rather than `Checkbox.extend(...)` (which returns its argument):
// referring to the components would put their code (avatar groups, toasts) in the entry every page loads.
export const theme = createTheme({
  variantColorResolver,
  components: {
    // Overlapping avatars keep their initials whole: Mantine's default overlap (12 px of a 26 px avatar)
    // hid the second letter ('A' for 'AR').
    AvatarGroup: { defaultProps: { spacing: 4 } satisfies Partial<AvatarGroupProps> },
    // Checkboxes look like checkboxes: the theme's md radius made the small ones look like radio buttons.
    Checkbox: { defaultProps: { radius: 'xs' } satisfies Partial<CheckboxProps> },
    PasswordInput: {
      defaultProps: {
        visibilityToggleButtonProps: passwordToggleProps,
      } satisfies Partial<PasswordInputProps>,
    },
    // The toast's icon-only close button needs a name for screen readers.
    Notification: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close notification' },
      } satisfies Partial<NotificationProps>,
      // Mantine colours the description with gray 6 (3.3:1); use the dimmed colour defined below.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
  primaryColor: 'karya',
  primaryShade: { light: 7, dark: 5 },
  colors: { karya },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Oriya", sans-serif',
  defaultRadius: 'md',
  cursorType: 'pointer',
});
