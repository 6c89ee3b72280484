import { Global, Module } from '@nestjs/common';
import { PublicWriteLimiter } from './public-write-limiter';

@Global()
@Module({ providers: [PublicWriteLimiter], exports: [PublicWriteLimiter] })
export class RateLimitModule {}
