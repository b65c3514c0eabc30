import { Module } from '@nestjs/common';
import { SystemController } from './system.controller.js';

/** Health, the API description and where the web app loads Stripe.js from. */
@Module({ controllers: [SystemController] })
export class SystemModule {}
