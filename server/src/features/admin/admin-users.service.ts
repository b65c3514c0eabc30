import { type AdminUser, type AdminUserList, ErrorMessages, GRACE_PERIOD_DAYS } from '@shrinkly/contract';
import { addDays } from '../../common/billing-calendar.js';
import type { Clock } from '../../common/clock.js';
import { NotFoundError } from '../../common/errors.js';
import { isUuid } from '../../common/ids.js';
import { planOf } from '../../read-models/plan-of.js';
import { toUserView } from '../../read-models/user-view.js';
import type { AccountDeletionService } from '../accounts/account-deletion.service.js';
import type { ResetLinkMailer } from '../accounts/reset-link-mailer.js';
import type { UserRepository } from '../accounts/user.repository.js';
import type { DirectoryUser, UserDirectoryRepository } from './user-directory.repository.js';

/** Staff's view of client accounts: the searched, paged list; a password reset mail; termination. */
export class AdminUsersService {
  constructor(
    private readonly directory: UserDirectoryRepository,
    private readonly users: UserRepository,
    private readonly resetLinks: ResetLinkMailer,
    private readonly deletion: AccountDeletionService,
    private readonly clock: Clock,
  ) {}

  async list(query: { q?: string | undefined; page: number; pageSize: number }): Promise<AdminUserList> {
    const now = this.clock.now();
    const search = query.q || undefined;
    const [rows, total, allUsers, active, runningOut] = await Promise.all([
      this.directory.page(search, query.pageSize, (query.page - 1) * query.pageSize),
      this.directory.count(search),
      this.directory.count(),
      this.directory.countActive(),
      this.directory.runningOutPlans(addDays(now, -GRACE_PERIOD_DAYS)),
    ]);
    return {
      users: rows.map((row) => toAdminUser(row, now)),
      total,
      // An active plan is premium; past-due and canceled ones are while the plan rule says their time runs.
      premiumUsers: active + runningOut.filter((plan) => planOf(plan, now).isSubscribed).length,
      allUsers,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** Mails the user the normal password reset link. */
  async sendPasswordReset(userId: string): Promise<void> {
    const user = isUuid(userId) ? await this.users.findById(userId) : undefined;
    if (!user) throw new NotFoundError(ErrorMessages.notFound);
    await this.resetLinks.sendNow(user);
  }

  /**
   * Deletes the account as the user's own deletion does: the provider subscription canceled first, then its rows and
   * blobs. Its ledger rows stay, without the user, so revenue does not change.
   */
  async terminate(userId: string): Promise<void> {
    const user = isUuid(userId) ? await this.users.findById(userId) : undefined;
    if (!user || !(await this.deletion.delete(user.id))) throw new NotFoundError(ErrorMessages.notFound);
  }
}

/**
 * The record staff see: the user's own view (so plan flags and limits match what the user sees), plus the plan, counts
 * and dates staff need. Built from named columns only: never a password hash, token version, card token or reset token.
 */
function toAdminUser(row: DirectoryUser, now: Date): AdminUser {
  // The user's own preferences are theirs alone.
  const { photoData: _preferences, ...view } = toUserView(row, now);
  return {
    ...view,
    plan: planOf(row, now).plan,
    subscriptionStartDate: row.subscriptionStartedAt?.toISOString() ?? null,
    filesCount: row.filesCount,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}
