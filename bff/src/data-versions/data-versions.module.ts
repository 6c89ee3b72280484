import { Module } from '@nestjs/common';
import { DataVersionsController } from './data-versions.controller';

/** Endpoints for the product's own servers (the shell's server follows the data versions). */
@Module({ controllers: [DataVersionsController] })
export class DataVersionsModule {}
