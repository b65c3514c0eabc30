import { type DynamicModule, Module } from '@nestjs/common';
import { type AppDependencies, CoreModule } from './core.module.js';
import { AccountsModule } from './features/accounts/accounts.module.js';
import { AdminModule } from './features/admin/admin.module.js';
import { ApiKeysModule } from './features/api-keys/api-keys.module.js';
import { BillingModule } from './features/billing/billing.module.js';
import { CompressionModule } from './features/compression/compression.module.js';
import { ConverterModule } from './features/converter/converter.module.js';
import { FilesModule } from './features/files/files.module.js';
import { FoldersModule } from './features/folders/folders.module.js';
import { MaintenanceModule } from './features/maintenance/maintenance.module.js';
import { PlansModule } from './features/plans/plans.module.js';
import { ServiceStatsModule } from './features/service-stats/service-stats.module.js';
import { SharingModule } from './features/sharing/sharing.module.js';
import { SystemModule } from './features/system/system.module.js';
import { UploadsModule } from './features/uploads/uploads.module.js';
import { WebhooksModule } from './features/webhooks/webhooks.module.js';

export type { AppDependencies } from './core.module.js';

/** The application: the core (configuration, database, ports) and one module per capability (server/src/features). */
@Module({})
export class AppModule {
  static create(deps: AppDependencies): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.create(deps),
        SystemModule,
        AccountsModule,
        ApiKeysModule,
        PlansModule,
        UploadsModule,
        CompressionModule,
        ServiceStatsModule,
        FilesModule,
        FoldersModule,
        SharingModule,
        ConverterModule,
        BillingModule,
        MaintenanceModule,
        AdminModule,
        WebhooksModule,
      ],
    };
  }
}
