const HOUR_MS = 60 * 60 * 1000;

/** A whole-hour duration in words: 3600000 → "1 hour", 86400000 → "24 hours". */
export function formatHours(ms: number): string {
  const hours = Math.round(ms / HOUR_MS);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** A day count in words: 1 → "1 day", 7 → "7 days". */
export function formatDays(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}
