import { Controller } from '@nestjs/common';
import { endpoints, type ServiceStats } from '@shrinkly/contract';
import { BuiltFrom } from '../../common/factory-provider.js';
import { Route } from '../../http/contract-route.js';
import { ServiceStatsService } from './service-stats.service.js';

@Controller()
@BuiltFrom(ServiceStatsService)
export class ServiceStatsController {
  constructor(private readonly service: ServiceStatsService) {}

  @Route(endpoints.serviceStats)
  stats(): Promise<ServiceStats> {
    return this.service.stats();
  }
}
