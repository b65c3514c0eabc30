const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function addHours(date: Date, hours: number): Date {
  return new Date(date.getTime() + hours * 60 * 60 * 1000);
}

/** `months` calendar months after `anchor` (UTC), on the anchor's day or the month's last day when it has fewer. */
export function addMonths(anchor: Date, months: number): Date {
  const year = anchor.getUTCFullYear();
  const month = anchor.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(anchor.getUTCDate(), lastDay),
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/**
 * The end of the monthly period that starts at `start`, counted from the billing anchor (the first paid day), so a
 * plan started on Jan 31 renews on Feb 28, Mar 31, Apr 30… rather than drifting to the 28th.
 */
export function periodEndAfter(anchor: Date, start: Date): Date {
  for (let months = 1; ; months += 1) {
    const end = addMonths(anchor, months);
    if (end > start) return end;
  }
}
