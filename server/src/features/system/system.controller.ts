import { Controller, Inject, ServiceUnavailableException } from '@nestjs/common';
import { endpoints, type HealthResponse } from '@shrinkly/contract';
import { sql } from 'drizzle-orm';
import { DATABASE, TOOLS } from '../../app.tokens.js';
import type { Database } from '../../db/client.js';
import { Route } from '../../http/contract-route.js';
import { buildOpenApiDocument } from '../../http/openapi.js';

@Controller()
export class SystemController {
  private readonly openApi = buildOpenApiDocument('0.1.0');

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(TOOLS) private readonly tools: Record<string, boolean>,
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
}
