import { useHotkeys } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { NOTIFICATION_DURATION_MS, NOTIFICATION_HOTKEY, NOTIFICATION_LIMIT, NOTIFICATION_MAX_WIDTH_PX } from '@shrinkly/contract';
import { useRef } from 'react';
import { useSwipeToDismiss } from './swipe-to-dismiss';

/**
 * Where toasts appear: one at a time, for NOTIFICATION_DURATION_MS, as a named region that the F8 key focuses, so a
 * keyboard user can reach a toast's close button (and read it) without hunting for it; a swipe to the right
 * dismisses one (swipe-to-dismiss.ts).
 */
export function NotificationsRegion() {
  const region = useRef<HTMLElement>(null);
  useHotkeys([[NOTIFICATION_HOTKEY, () => region.current?.focus()]], []);
  useSwipeToDismiss(region);
  // Mantine's containers are fixed in place, so they render inside this one landmark rather than in a portal.
  return (
    <section ref={region} aria-label={`Notifications (${NOTIFICATION_HOTKEY})`} tabIndex={-1} data-testid="notifications-region">
      <Notifications
        withinPortal={false}
        limit={NOTIFICATION_LIMIT}
        autoClose={NOTIFICATION_DURATION_MS}
        containerWidth={NOTIFICATION_MAX_WIDTH_PX}
        position="top-right"
        zIndex={1000}
        // The swipe is CONST-24's (swipe-to-dismiss.ts); horizontal drags belong to it, vertical ones still scroll.
        allowDragDismiss={false}
        styles={{ notification: { touchAction: 'pan-y' } }}
      />
    </section>
  );
}
