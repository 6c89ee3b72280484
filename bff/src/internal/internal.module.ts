import { Module } from '@nestjs/common';
import { InternalController } from './internal.controller';

/** Endpoints for the product's own servers (the shell's server follows the data versions). */
@Module({ controllers: [InternalController] })
export class InternalModule {}
