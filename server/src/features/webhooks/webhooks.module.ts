import { Module, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { QueuePort } from '../../adapters/queue/queue.port.js';
import { APP_CONFIG, DATABASE, LOGGER } from '../../app.tokens.js';
import { Clock } from '../../common/clock.js';
import { BuiltFrom, construct, factory } from '../../common/factory-provider.js';
import { SweepTasks } from '../../common/sweep-tasks.js';
import type { AppConfig } from '../../config/app.config.js';
import { JobHandlers } from '../../jobs/job-handlers.js';
import { JobWatchers } from '../../jobs/job-watchers.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { UserRepository } from '../accounts/user.repository.js';
import { CompressionJobHandler } from '../compression/compression.job-handler.js';
import { CompressionJobRecords } from '../compression/compression.job-records.js';
import { CompressionModule } from '../compression/compression.module.js';
import { ConversionJobHandler } from '../converter/conversion.job-handler.js';
import { ConversionJobRecords } from '../converter/conversion.job-records.js';
import { ConverterModule } from '../converter/converter.module.js';
import { WebhookService } from './webhook.service.js';
import { WEBHOOK_QUEUE, WebhookDeliveryHandler } from './webhook-delivery.job-handler.js';
import { WebhookDeliveryRepository } from './webhook-delivery.repository.js';
import { WebhookEndpointRepository } from './webhook-endpoint.repository.js';
import { WebhookEvents } from './webhook-events.js';
import { WebhookSecrets } from './webhook-secrets.js';
import { WebhookSender } from './webhook-sender.js';
import { WebhooksController } from './webhooks.controller.js';

/** How long finished deliveries stay listed. */
const DELIVERY_RETENTION_MS = 30 * 24 * 3_600_000;
/** How long a delivery waits for a job that never ends (jobs expire within a day). */
const AWAITING_RETENTION_MS = 2 * 24 * 3_600_000;

/**
 * Webhooks: an account's endpoints, told of its compressions, conversions and ready files by signed deliveries on the
 * webhook queue, retried with backoff; one-off callbacks of single requests.
 */
@Module({
  imports: [AccountsModule, CompressionModule, ConverterModule],
  controllers: [WebhooksController],
  providers: [
    construct(WebhookEndpointRepository, [DATABASE]),
    construct(WebhookDeliveryRepository, [DATABASE]),
    factory(
      WebhookSecrets,
      [WebhookEndpointRepository, APP_CONFIG],
      (endpoints: WebhookEndpointRepository, config: AppConfig) => new WebhookSecrets(endpoints, config.jwtSecret),
    ),
    factory(WebhookSender, [APP_CONFIG], (config: AppConfig) => new WebhookSender(config.webhooks)),
    factory(
      WebhookDeliveryHandler,
      [WebhookDeliveryRepository, WebhookSecrets, WebhookSender, QueuePort, Clock, LOGGER, APP_CONFIG],
      (d: WebhookDeliveryRepository, s: WebhookSecrets, w: WebhookSender, q: QueuePort, c: Clock, l: Logger, config: AppConfig) =>
        new WebhookDeliveryHandler(d, s, w, q, c, l, config.webhooks),
    ),
    factory(
      WebhookEvents,
      [WebhookEndpointRepository, WebhookDeliveryRepository, UserRepository, WebhookDeliveryHandler, Clock, APP_CONFIG],
      (
        e: WebhookEndpointRepository,
        d: WebhookDeliveryRepository,
        u: UserRepository,
        h: WebhookDeliveryHandler,
        c: Clock,
        config: AppConfig,
      ) => new WebhookEvents(e, d, u, h, c, config.appUrl),
    ),
    construct(WebhookService, [
      WebhookEndpointRepository,
      WebhookDeliveryRepository,
      WebhookSecrets,
      WebhookSender,
      WebhookDeliveryHandler,
      Clock,
    ]),
  ],
})
@BuiltFrom(
  JobHandlers,
  SweepTasks,
  WebhookDeliveryHandler,
  WebhookDeliveryRepository,
  WebhookEvents,
  CompressionJobHandler,
  CompressionJobRecords,
  ConversionJobHandler,
  ConversionJobRecords,
  JobWatchers,
  WebhookService,
)
export class WebhooksModule implements OnModuleDestroy {
  constructor(
    handlers: JobHandlers,
    sweeps: SweepTasks,
    private readonly delivery: WebhookDeliveryHandler,
    deliveries: WebhookDeliveryRepository,
    events: WebhookEvents,
    compressions: CompressionJobHandler,
    compressionJobs: CompressionJobRecords,
    conversions: ConversionJobHandler,
    conversionJobs: ConversionJobRecords,
    watchers: JobWatchers,
    webhooks: WebhookService,
  ) {
    watchers.register({
      checkCallback: (user, url) => webhooks.checkCallback(user, url),
      watch: (job) => events.watch(job),
    });
    handlers.declare(WEBHOOK_QUEUE, async (id) => void (await delivery.run(id)), {
      listUnfinished: () => deliveries.listUnfinished(),
      // A try is claimed by moving its due time ahead, never by a status: nothing to put back.
      requeueInterrupted: async () => 0,
    });
    // Deliveries whose wait ran in a process that stopped: the row says they are due.
    sweeps.register({
      name: 'webhookRetries',
      async sweep(now) {
        const due = await deliveries.listDue(now);
        for (const { id } of due) await delivery.deliverNow(id);
        return due.length;
      },
    });
    sweeps.register({
      name: 'webhookDeliveries',
      sweep: (now) =>
        deliveries.deleteOld(new Date(now.getTime() - DELIVERY_RETENTION_MS), new Date(now.getTime() - AWAITING_RETENTION_MS)),
    });
    compressions.onEnded(async (job) => {
      const ended = await compressionJobs.findById(job.id);
      if (ended) await events.compressionEnded(ended);
    });
    conversions.onEnded(async (job) => {
      const ended = await conversionJobs.findById(job.id);
      if (ended) await events.conversionEnded(ended);
    });
  }

  onModuleDestroy(): void {
    this.delivery.close();
  }
}
