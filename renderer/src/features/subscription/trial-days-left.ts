const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left before `end`, counting a started day as a day: 7 right after a trial starts, 0 once it has ended. */
export function daysLeft(end: string | Date, now: Date = new Date()): number {
  const remaining = new Date(end).getTime() - now.getTime();
  return remaining > 0 ? Math.ceil(remaining / DAY_MS) : 0;
}

/** "1 day left" or "N days left". */
export function daysLeftText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'} left`;
}
