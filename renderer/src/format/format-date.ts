/** A long US date such as "March 5, 2026". */
export function formatLongDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** A short US date such as "Mar 5, 2026". */
export function formatShortDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A short US date and time such as "Mar 5, 3:45 PM". */
export function formatDateTime(date: Date): string {
  return date.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}
