import { Global, Module } from '@nestjs/common';
import { PublicReadLimiter } from './public-read-limiter';
import { PublicWriteLimiter } from './public-write-limiter';
import { SharedLimits } from './shared-limits';

@Global()
@Module({
  providers: [SharedLimits, PublicWriteLimiter, PublicReadLimiter],
  exports: [SharedLimits, PublicWriteLimiter, PublicReadLimiter],
})
export class RateLimitModule {}
