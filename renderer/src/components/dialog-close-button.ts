/** Mantine's modal close button has no accessible name of its own: every dashboard dialog gives it this one. */
export const DIALOG_CLOSE_BUTTON_PROPS = { 'aria-label': 'Close' } as const;
