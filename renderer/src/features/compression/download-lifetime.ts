import { FREE_DOWNLOAD_TTL_MS, PAID_DOWNLOAD_TTL_MS } from '@shrinkly/contract';
import { formatHours } from '../../format/format-duration';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
/** A lifetime this close to whole hours reads as whole hours ("24 hours", not "23 hours 59 minutes"). */
const ROUNDING_SLACK_MS = 2 * MINUTE_MS;

/**
 * How long a result's download link still works, in words, from its real expiry: about 24 hours for a free result,
 * 1 hour after payment for a paid one (DESIGN "Download links"). Null once it has expired.
 */
export function downloadLinkLifetime(expiresAt: string | null, paid: boolean, now = Date.now()): string | null {
  const parsed = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  const remaining = Number.isNaN(parsed) ? (paid ? PAID_DOWNLOAD_TTL_MS : FREE_DOWNLOAD_TTL_MS) : parsed - now;
  if (remaining <= 0) return null;
  const hours = Math.round(remaining / HOUR_MS);
  if (hours >= 1 && Math.abs(remaining - hours * HOUR_MS) <= ROUNDING_SLACK_MS) return formatHours(hours * HOUR_MS);
  if (remaining < HOUR_MS) {
    const minutes = Math.max(1, Math.floor(remaining / MINUTE_MS));
    return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  }
  return formatHours(remaining);
}

/** "Nov 22, 3:45 PM": when the link stops working, in the visitor's time zone. */
export function formatExpiryTime(expiresAt: string): string {
  return new Date(expiresAt).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}
