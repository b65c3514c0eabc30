import { Module } from '@nestjs/common';
import { SystemController } from './system.controller.js';

/** Health and the API description. */
@Module({ controllers: [SystemController] })
export class SystemModule {}
