import { type AdminUser, ApiError, type ErrorCode, type Revenue, USERS_CSV_COLUMNS } from '@shrinkly/contract';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvFileName, revenueCsv, usersCsv } from './csv';
import { adminPlanOf, userResetFailureMessage } from './plan';

function user(overrides: Partial<AdminUser>): AdminUser {
  return {
    id: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    plan: 'free',
    isSubscribed: false,
    isTrialActive: false,
    trialEndDate: null,
    subscriptionStatus: null,
    subscriptionStartDate: null,
    storageUsed: 0,
    storageLimit: 0,
    filesCount: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    lastSignInAt: null,
    ...overrides,
  } as AdminUser;
}

describe('users CSV', () => {
  it("has SPEC's header row and quotes a name with a comma and a quote as RFC 4180 says", () => {
    const csv = usersCsv([user({ name: 'Smith, "Jo"', storageUsed: 3.6 * 1024 * 1024 })], adminPlanOf);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(USERS_CSV_COLUMNS.join(','));
    expect(row).toBe('u1,"Smith, ""Jo""",ada@example.com,Free,No,,,4,2026-11-01T10:00:00.000Z');
    expect(Papa.parse<string[]>(csv).data[1]?.[1]).toBe('Smith, "Jo"');
  });

  it('guards cells that a spreadsheet would run as a formula', () => {
    const csv = usersCsv(
      [user({ email: '=HYPERLINK("x")', name: '+1', isSubscribed: true, isTrialActive: true, trialEndDate: '2026-12-01' })],
      adminPlanOf,
    );
    const cells = Papa.parse<string[]>(csv).data[1] ?? [];
    expect(cells[1]).toBe("'+1");
    expect(cells[2]).toBe('\'=HYPERLINK("x")');
    expect(cells[3]).toBe('Premium');
    expect(cells[4]).toBe('Yes');
  });
});

describe('revenue CSV', () => {
  it('lists every period with its granularity, amount in dollars and transactions; negative amounts stay numbers', () => {
    const revenue: Revenue = {
      totals: { daily: 0, weekly: 0, monthly: 0, annually: 0 },
      daily: [
        { date: '2026-11-25', amount: 7.98, transactions: 2 },
        { date: '2026-11-24', amount: 3.99, transactions: 1 },
      ],
      weekly: [{ week: '2026-W48', amount: 11.97, transactions: 3 }],
      monthly: [{ month: '2026-11', amount: -1, transactions: 3 }],
      annually: [{ year: '2026', amount: 11.97, transactions: 3 }],
    };
    expect(revenueCsv(revenue).split('\r\n')).toEqual([
      'Period,Date/Range,Revenue (USD),Transactions',
      'Daily,2026-11-25,7.98,2',
      'Daily,2026-11-24,3.99,1',
      'Weekly,2026-W48,11.97,3',
      'Monthly,2026-11,-1.00,3',
      'Annually,2026,11.97,3',
    ]);
  });
});

describe('CSV file names', () => {
  it('names the product, the list and the date', () => {
    expect(csvFileName('users', new Date(2026, 0, 5))).toBe('Shrinkly-users-2026-01-05.csv');
    expect(csvFileName('revenue', new Date(2026, 10, 25))).toBe('Shrinkly-revenue-2026-11-25.csv');
  });
});

describe('admin plan and messages', () => {
  it('derives the plan as SPEC says and maps reset failures', () => {
    expect(adminPlanOf({ isSubscribed: true, isTrialActive: true })).toBe('Premium');
    expect(adminPlanOf({ isSubscribed: false, isTrialActive: true })).toBe('Trial');
    expect(adminPlanOf({ isSubscribed: false, isTrialActive: false })).toBe('Free');
    const failed = (message: string, code?: ErrorCode) => userResetFailureMessage(new ApiError(400, message, code));
    expect(failed('Invalid email address format', 'invalidEmailFormat')).toBe('User has an invalid email address format');
    expect(failed('Cannot send email to test/demo domains', 'testDomainRefused')).toBe('Cannot send emails to test/demo domains');
    expect(failed('Failed to send password reset email', 'resetEmailFailed')).toBe('Email service temporarily unavailable');
    // The code decides, not the words: the same words without the code are shown as they are.
    expect(failed('Invalid email address format')).toBe('Invalid email address format');
    expect(failed('Nope', 'notFound')).toBe('Nope');
    expect(userResetFailureMessage(new TypeError('Failed to fetch'))).toBe('Failed to reset password');
  });
});
