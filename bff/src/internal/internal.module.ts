import { Module } from '@nestjs/common';
import { InternalController } from './internal.controller';

/** Endpoints for the product's own servers (issue 13: the shell's server follows the data versions). */
@Module({ controllers: [InternalController] })
export class InternalModule {}
