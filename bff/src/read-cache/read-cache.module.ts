import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ReadCache } from './read-cache';

@Global()
@Module({
  providers: [
    {
      provide: ReadCache,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => new ReadCache(config.readCacheMb * 1024 * 1024),
    },
  ],
  exports: [ReadCache],
})
export class ReadCacheModule {}
