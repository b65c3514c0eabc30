import { Loader, Stack } from '@mantine/core';

/** A screen's part that waits for the desktop app's answer. */
export function DesktopLoading({ label }: { label: string }) {
  return (
    <Stack align="center" py="lg">
      <Loader role="status" aria-label={label} />
    </Stack>
  );
}
