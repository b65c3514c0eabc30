import { signWebhook, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_CAP_FACTOR, WebhookHeaders } from '@shrinkly/contract';
import type { Logger } from 'pino';
import type { QueuePort } from '../../adapters/queue/queue.port.js';
import type { Clock } from '../../common/clock.js';
import type { WebhookDeliveryRow } from '../../db/schema/index.js';
import type { JobQueue } from '../../jobs/job-handlers.js';
import type { WebhookDeliveryRepository } from './webhook-delivery.repository.js';
import type { WebhookSecrets } from './webhook-secrets.js';
import type { WebhookSender } from './webhook-sender.js';

export const WEBHOOK_QUEUE = 'deliver-webhook' satisfies JobQueue;

/** How long past a try's timeout its claim lasts: a process that dies mid-try leaves the delivery to others after it. */
const CLAIM_MARGIN_MS = 30_000;

/** The wait after `attempts` failed tries: the base, doubled each time, capped at WEBHOOK_RETRY_CAP_FACTOR times it. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), baseMs * WEBHOOK_RETRY_CAP_FACTOR);
}

export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'skipped';

/**
 * The handler of the webhook queue, which carries delivery ids. One try per run: the row is claimed (so one process
 * tries it), signed afresh, posted; then delivered, given up after WEBHOOK_MAX_ATTEMPTS, or due again after its
 * backoff. A wait is a timer in this process that queues the id again; should the process stop first, the row still
 * says when it is due, and a restart or the sweep queues it.
 */
export class WebhookDeliveryHandler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly secrets: WebhookSecrets,
    private readonly sender: WebhookSender,
    private readonly queue: QueuePort,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly pace: { timeoutMs: number; retryBaseMs: number },
  ) {}

  async run(id: string): Promise<DeliveryOutcome> {
    const now = this.clock.now();
    const row = await this.deliveries.claim(id, now, new Date(now.getTime() + this.pace.timeoutMs + CLAIM_MARGIN_MS));
    if (!row) {
      await this.waitForTurn(id);
      return 'skipped';
    }
    const secret = await this.secrets.of(row);
    if (!secret) {
      await this.deliveries.delete(id);
      return 'skipped';
    }
    const body = JSON.stringify(row.payload);
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    const result = await this.sender.send(
      row.url,
      {
        [WebhookHeaders.signature]: await signWebhook(secret, timestamp, body),
        [WebhookHeaders.event]: row.event,
        [WebhookHeaders.delivery]: row.id,
        'user-agent': 'Shrinkly-Webhooks/1',
      },
      body,
    );
    return this.recordTry(row, result);
  }

  /** Queues a delivery now (it is due). */
  async deliverNow(id: string): Promise<void> {
    await this.queue.enqueue(WEBHOOK_QUEUE, id);
  }

  /** Stops the waits of this process; the rows keep when each delivery is due. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private async recordTry(
    row: WebhookDeliveryRow,
    result: { ok: boolean; statusCode: number | null; error: string | null },
  ): Promise<DeliveryOutcome> {
    const attempts = row.attempts + 1;
    const now = this.clock.now();
    const tried = { attempts, lastStatusCode: result.statusCode, lastError: result.error };
    if (result.ok) {
      await this.deliveries.record(row.id, { ...tried, status: 'delivered', nextAttemptAt: null, deliveredAt: now });
      return 'delivered';
    }
    if (attempts >= WEBHOOK_MAX_ATTEMPTS) {
      await this.deliveries.record(row.id, { ...tried, status: 'failed', nextAttemptAt: null, deliveredAt: null });
      this.logger.info({ deliveryId: row.id, attempts }, 'webhook delivery given up');
      return 'failed';
    }
    const delay = retryDelayMs(attempts, this.pace.retryBaseMs);
    const nextAttemptAt = new Date(now.getTime() + delay);
    await this.deliveries.record(row.id, { ...tried, status: 'pending', nextAttemptAt, deliveredAt: null });
    this.later(row.id, delay);
    return 'retrying';
  }

  /** A delivery handed out before its time (a restart queues every pending one): it waits here for its turn. */
  private async waitForTurn(id: string): Promise<void> {
    const row = await this.deliveries.findById(id);
    if (row?.status !== 'pending' || !row.nextAttemptAt) return;
    this.later(id, Math.max(0, row.nextAttemptAt.getTime() - this.clock.now().getTime()));
  }

  private later(id: string, delayMs: number): void {
    if (this.closed) return;
    clearTimeout(this.timers.get(id));
    const timer = setTimeout(() => {
      this.timers.delete(id);
      this.deliverNow(id).catch((err: unknown) => this.logger.warn({ err, deliveryId: id }, 'webhook retry not queued'));
    }, delayMs);
    timer.unref();
    this.timers.set(id, timer);
  }
}
