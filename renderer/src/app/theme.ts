import { createTheme, PasswordInput, TextInput } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white button text above 4.5:1 contrast.
  primaryShade: { light: 8, dark: 5 },
  defaultRadius: 'md',
  // Keyboard users always see where focus is; mouse clicks do not leave rings behind.
  focusRing: 'auto',
  // People who ask their system for less motion get menus, dialogs and toasts without their transitions.
  respectReducedMotion: true,
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '750' },
  components: {
    // Required inputs keep the `required` attribute, but labels carry no asterisk: a label reads exactly as written
    // ("Password"), for people and for tests that find inputs by their label.
    TextInput: TextInput.extend({ defaultProps: { withAsterisk: false } }),
    PasswordInput: PasswordInput.extend({
      defaultProps: {
        withAsterisk: false,
        // Not "Toggle password visibility": the field's own label stays the only one containing "Password".
        visibilityToggleButtonProps: { 'aria-label': 'Show characters' },
      },
    }),
  },
});
