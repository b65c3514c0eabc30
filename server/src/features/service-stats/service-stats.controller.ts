import { Controller, Inject } from '@nestjs/common';
import { endpoints, type ServiceStats } from '@shrinkly/contract';
import { Route } from '../../http/contract-route.js';
import { ServiceStatsService } from './service-stats.service.js';

@Controller()
export class ServiceStatsController {
  constructor(@Inject(ServiceStatsService) private readonly service: ServiceStatsService) {}

  @Route(endpoints.serviceStats)
  stats(): Promise<ServiceStats> {
    return this.service.stats();
  }
}
