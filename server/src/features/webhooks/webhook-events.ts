import { randomUUID } from 'node:crypto';
import type { WebhookEvent, WebhookPayload } from '@shrinkly/contract';
import type { Clock } from '../../common/clock.js';
import type { CompressionJobRow, ConversionJobRow } from '../../db/schema/index.js';
import type { WatchedJob } from '../../jobs/job-watchers.js';
import { planOf } from '../../read-models/plan-of.js';
import type { UserRepository } from '../accounts/user.repository.js';
import type { WebhookDeliveryHandler } from './webhook-delivery.job-handler.js';
import type { WebhookDeliveryRepository } from './webhook-delivery.repository.js';
import type { WebhookEndpointRepository } from './webhook-endpoint.repository.js';
import { compressionEvent, conversionEvent, type EventData, fileReadyEvent } from './webhook-payloads.js';

/**
 * Turns jobs' ends into deliveries: one per endpoint of the job's account that takes the event (trial and premium
 * accounts), and the deliveries waiting for that job (a one-off callbackUrl); each is queued at once.
 */
export class WebhookEvents {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly users: UserRepository,
    private readonly handler: WebhookDeliveryHandler,
    private readonly clock: Clock,
    private readonly appUrl: string,
  ) {}

  async compressionEnded(job: CompressionJobRow): Promise<void> {
    const { event, data } = compressionEvent(job, this.appUrl);
    await this.settleAwaiting(job.id, event, data);
    if (!job.userId) return;
    await this.emit(job.userId, event, data);
    if (job.kind === 'library' && job.fileId && job.status === 'completed') {
      await this.emit(job.userId, 'file.ready', fileReadyEvent({ ...job, fileId: job.fileId }, this.appUrl));
    }
  }

  async conversionEnded(job: ConversionJobRow): Promise<void> {
    const { event, data } = conversionEvent(job);
    await this.settleAwaiting(job.id, event, data);
  }

  /**
   * Records, before a signed-in caller's job is queued, the deliveries waiting for its end: to the request's one-off
   * callbackUrl, and for a conversion (whose record names no account) to the caller's endpoints for conversion events.
   */
  async watch(job: WatchedJob): Promise<void> {
    const waiting = {
      userId: job.userId,
      event: `${job.kind}.completed` as const,
      payload: { awaiting: job.jobId },
      nextAttemptAt: null,
    };
    const rows: Array<typeof waiting & { endpointId: string | null; url: string }> = [];
    if (job.callbackUrl) rows.push({ ...waiting, endpointId: null, url: job.callbackUrl });
    if (job.kind === 'conversion' && (await this.mayUseWebhooks(job.userId))) {
      const endpoints = await this.endpoints.listOwned(job.userId);
      for (const endpoint of endpoints.filter((e) => e.events.some((event) => event.startsWith('conversion.')))) {
        rows.push({ ...waiting, endpointId: endpoint.id, url: endpoint.url });
      }
    }
    await this.deliveries.createMany(rows);
  }

  /** The account's endpoints that take `event`, each sent its own delivery (none once the plan has lapsed). */
  private async emit(userId: string, event: WebhookEvent, data: EventData): Promise<void> {
    if (!(await this.mayUseWebhooks(userId))) return;
    const endpoints = await this.endpoints.listSubscribed(userId, event);
    const now = this.clock.now();
    const rows = await this.deliveries.createMany(
      endpoints.map((endpoint) => {
        const id = randomUUID();
        return {
          id,
          userId,
          endpointId: endpoint.id,
          url: endpoint.url,
          event,
          payload: this.payload(id, event, data, now),
          nextAttemptAt: now,
        };
      }),
    );
    for (const row of rows) await this.handler.deliverNow(row.id);
  }

  /** The deliveries waiting for this job get their event and body; an endpoint's that does not take the event goes. */
  private async settleAwaiting(jobId: string, event: WebhookEvent, data: EventData): Promise<void> {
    const now = this.clock.now();
    for (const row of await this.deliveries.listAwaiting(jobId)) {
      const endpoint = row.endpointId ? await this.endpoints.findOwned(row.endpointId, row.userId) : undefined;
      if (row.endpointId && !endpoint?.events.includes(event)) {
        await this.deliveries.delete(row.id);
        continue;
      }
      if (await this.deliveries.arm(row.id, event, this.payload(row.id, event, data, now), now)) {
        await this.handler.deliverNow(row.id);
      }
    }
  }

  private payload(id: string, type: WebhookEvent, data: EventData, now: Date): WebhookPayload {
    return { id, type, createdAt: now.toISOString(), data };
  }

  private async mayUseWebhooks(userId: string): Promise<boolean> {
    const user = await this.users.findById(userId);
    return user !== undefined && planOf(user, this.clock.now()).plan !== 'free';
  }
}
