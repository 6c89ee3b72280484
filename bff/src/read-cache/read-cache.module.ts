import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ClusterInvalidation } from './cluster-invalidation';
import { ReadCache } from './read-cache';

@Global()
@Module({
  providers: [
    {
      provide: ReadCache,
      inject: [AppConfig],
      useFactory: (config: AppConfig) =>
        new ReadCache(config.readCacheMb * 1024 * 1024, undefined, undefined, config.readCacheCountsMaxAgeS * 1000),
    },
    ClusterInvalidation,
  ],
  exports: [ReadCache, ClusterInvalidation],
})
export class ReadCacheModule {}
