import { NOTIFICATION_SWIPE_THRESHOLD_PX } from '@shrinkly/contract';
import { type RefObject, useEffect } from 'react';

/** A toast as Mantine renders it, and its close button (which hides it through Mantine's own store). */
const TOAST = '.mantine-Notification-root';
const CLOSE = '.mantine-Notification-closeButton';

/** Mantine's own swipe offset and opacity of a toast (their values at rest): moving a toast through them keeps its transitions. */
const OFFSET = '--notifications-swipe-offset';
const OPACITY = '--notifications-swipe-opacity';

/**
 * Toasts inside `region` follow a finger or a pointer dragged to the right and are dismissed when let go at least
 * NOTIFICATION_SWIPE_THRESHOLD_PX from where the drag began, however slowly (CONST-24); a shorter drag springs back.
 * Drags to the left do nothing, and a press on the close button stays a click. (Mantine's own drag-to-dismiss, which
 * wants a third of the toast's width or a flick either way, is turned off where the region renders.)
 */
export function useSwipeToDismiss(region: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = region.current;
    if (!root) return;
    let drag: { toast: HTMLElement; startX: number; pointerId: number } | undefined;
    const offset = (event: PointerEvent) => Math.max(0, event.clientX - (drag?.startX ?? event.clientX));
    const onDown = (event: PointerEvent) => {
      const target = event.target as HTMLElement;
      const toast = target.closest<HTMLElement>(TOAST);
      if (!toast || target.closest(CLOSE) || event.button !== 0) return;
      drag = { toast, startX: event.clientX, pointerId: event.pointerId };
      toast.setPointerCapture?.(event.pointerId);
    };
    const onMove = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.pointerId) return;
      const dx = offset(event);
      drag.toast.style.setProperty(OFFSET, `${dx}px`);
      drag.toast.style.setProperty(OPACITY, String(Math.max(0.4, 1 - dx / (4 * NOTIFICATION_SWIPE_THRESHOLD_PX))));
    };
    const onUp = (event: PointerEvent) => {
      if (!drag || event.pointerId !== drag.pointerId) return;
      const { toast } = drag;
      const dismissed = event.type === 'pointerup' && offset(event) >= NOTIFICATION_SWIPE_THRESHOLD_PX;
      drag = undefined;
      toast.style.setProperty(OFFSET, '0px');
      toast.style.setProperty(OPACITY, '1');
      if (dismissed) toast.querySelector<HTMLButtonElement>(CLOSE)?.click();
    };
    root.addEventListener('pointerdown', onDown);
    root.addEventListener('pointermove', onMove);
    root.addEventListener('pointerup', onUp);
    root.addEventListener('pointercancel', onUp);
    return () => {
      root.removeEventListener('pointerdown', onDown);
      root.removeEventListener('pointermove', onMove);
      root.removeEventListener('pointerup', onUp);
      root.removeEventListener('pointercancel', onUp);
    };
  }, [region]);
}
