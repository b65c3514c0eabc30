import { Controller, ServiceUnavailableException } from '@nestjs/common';
import { endpoints, type HealthResponse } from '@shrinkly/contract';
import { sql } from 'drizzle-orm';
import { APP_CONFIG, DATABASE, TOOLS } from '../../app.tokens.js';
import { NotFoundError } from '../../common/errors.js';
import { BuiltFrom } from '../../common/factory-provider.js';
import type { AppConfig } from '../../config/app.config.js';
import type { Database } from '../../db/client.js';
import { Route } from '../../http/contract-route.js';
import { buildOpenApiDocument } from '../../http/openapi.js';

@Controller()
@BuiltFrom(DATABASE, TOOLS, APP_CONFIG)
export class SystemController {
  private readonly openApi = buildOpenApiDocument('0.1.0');

  constructor(
    private readonly db: Database,
    private readonly tools: Record<string, boolean>,
    private readonly config: AppConfig,
  ) {}

  /** 200 while the database answers, 503 (logged) when it does not. */
  @Route(endpoints.health)
  async health(): Promise<HealthResponse> {
    await this.db.execute(sql`select 1`).catch((err: unknown) => {
      throw new ServiceUnavailableException('Database unreachable', { cause: err });
    });
    return { status: 'ok', database: 'up', tools: this.tools };
  }

  @Route(endpoints.openApiDocument)
  docs(): unknown {
    return this.openApi;
  }

  /**
   * The Stripe.js the card step loads, the one script the Content-Security-Policy allows beside ours
   * (http/content-security-policy.ts): Stripe's own (null), or a test's stand-in. "Not found" unless the provider is Stripe.
   */
  @Route(endpoints.stripeJs)
  stripeJs(): { url: string | null } {
    if (!this.config.stripe) throw new NotFoundError('Not found');
    return { url: this.config.stripe.jsUrl ?? null };
  }
}
