import { Modal, type ModalProps } from '@mantine/core';

/** Mantine's modal close button has no accessible name of its own: every AppDialog gives it this one. */
const CLOSE_BUTTON_PROPS = { 'aria-label': 'Close' } as const;

/** A dialog of the app: Mantine's modal, centred, with rounded corners and a close button named Close. */
export function AppDialog(props: ModalProps) {
  return <Modal centered radius="md" closeButtonProps={CLOSE_BUTTON_PROPS} {...props} />;
}
