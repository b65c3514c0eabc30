import {
  type AdminUser,
  MB,
  PRODUCT_NAME,
  REVENUE_CSV_COLUMNS,
  REVENUE_PERIODS,
  type Revenue,
  revenuePeriodOf,
  USERS_CSV_COLUMNS,
} from '@shrinkly/contract';
import Papa from 'papaparse';
import { periodLabel } from './plan';

export type CsvList = 'users' | 'revenue';

/** A cell a spreadsheet would run as a formula; a plain signed number such as a refund's -3.99 is left as it is. */
const FORMULA_START = /^(?!-\d+(\.\d+)?$)[=+\-@\t\r]/;

/**
 * RFC 4180 text (CRLF rows, fields with commas, quotes or line breaks quoted, quotes doubled) with a header row. A text
 * cell starting with = + - @ (or a tab or carriage return) gets a leading ' so a spreadsheet never runs it as a formula.
 */
function toCsv(columns: readonly string[], rows: (string | number)[][]): string {
  return Papa.unparse({ fields: [...columns], data: rows }, { escapeFormulae: FORMULA_START, newline: '\r\n' });
}

export function usersCsv(users: readonly AdminUser[], planOf: (user: AdminUser) => string): string {
  return toCsv(
    USERS_CSV_COLUMNS,
    users.map((user) => [
      user.id,
      user.name,
      user.email,
      planOf(user),
      user.isTrialActive ? 'Yes' : 'No',
      user.trialEndDate ?? '',
      user.subscriptionStartDate ?? '',
      Math.round(user.storageUsed / MB),
      user.createdAt,
    ]),
  );
}

/** Every period of every granularity, newest first within each: Daily, Weekly, Monthly, Annually. */
export function revenueCsv(revenue: Revenue): string {
  return toCsv(
    REVENUE_CSV_COLUMNS,
    REVENUE_PERIODS.flatMap((period) =>
      revenue[period].map((row) => [periodLabel(period), revenuePeriodOf(row), row.amount.toFixed(2), row.transactions]),
    ),
  );
}

/** CONST-30: the product, the list and the local date, e.g. Shrinkly-users-2026-11-25.csv. */
export function csvFileName(list: CsvList, now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `${PRODUCT_NAME}-${list}-${date}.csv`;
}
