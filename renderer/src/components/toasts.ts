import { notifications } from '@mantine/notifications';

/**
 * Toasts replace each other: at most NOTIFICATION_LIMIT show at a time (docs/product/SPEC.md §9), and the newest message
 * wins, so a fresh error never waits behind an older toast.
 */
function showToast(title: string, message: string, color: 'red' | 'green' | 'blue'): void {
  notifications.clean();
  notifications.show({ title, message, color, withBorder: true });
}

/** The destructive variant; the title defaults to "Error". */
export function showErrorToast(message: string, title = 'Error'): void {
  showToast(title, message, 'red');
}

export function showSuccessToast(title: string, message: string): void {
  showToast(title, message, 'green');
}

export function showInfoToast(title: string, message: string): void {
  showToast(title, message, 'blue');
}

/** "Failed to rename file" alone, or followed by the server's words when it said something useful. */
export function withDetail(base: string, detail: string | null | undefined): string {
  return detail ? `${base}: ${detail}` : base;
}
