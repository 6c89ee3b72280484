import { DataVersionsModule } from './data-versions/data-versions.module';
import { randomUUID } from 'node:crypto';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { DtoValidationPipe } from './common/validation';
import { RecordEtagInterceptor } from './common/edit-version';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { CoverageModule } from './coverage-grid/coverage.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { DatabaseModule } from './database/database.module';
import { DocumentTextModule } from './document-reader/document-text.module';
import { DocumentSectionsModule } from './document-sections/document-sections.module';
import { DocumentsModule } from './documents/documents.module';
import { DownloadsModule } from './downloads/downloads.module';
import { FaqsModule } from './faqs/faqs.module';
import { GradeThresholdsModule } from './grade-thresholds/grade-thresholds.module';
import { HealthModule } from './health/health.module';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { ImportsModule } from './imports/imports.module';
import { InquiriesModule } from './inquiries/inquiries.module';
import { LoggingModule } from './logging/logging.module';
import { MailModule } from './mail/mail.module';
import { PagesModule } from './pages/pages.module';
import { PastPapersModule } from './past-papers/past-papers.module';
import { QuestionsModule } from './questions/questions.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { SearchModule } from './search/search.module';
import { ContentChangeInterceptor } from './read-cache/content-change.interceptor';
import { ReadCacheModule } from './read-cache/read-cache.module';
import { JsonOnlyGuard } from './request-guards/json-only.guard';
import { SeedModule } from './seed/seed.module';
import { SettingsModule } from './settings/settings.module';
import { StorageModule } from './storage/storage.module';
import { StoredFilesModule } from './stored-files/stored-files.module';
import { SubjectsModule } from './subjects/subjects.module';
import { UsersModule } from './users/users.module';

export interface AppModuleOptions {
  config: AppConfig;
  databaseUrl: string;
  poolSize: number;
}

@Module({})
export class AppModule {
  static forRoot({ config, databaseUrl, poolSize }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            autoLogging: { ignore: (req) => req.url === '/backend/api/health' },
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
            quietReqLogger: true,
            // Random request ids (a sequential one tells a visitor how busy the site is), sent back as X-Request-Id
            // so a visitor can quote it and an admin can find the request in the log.
            genReqId: (_req, res) => {
              const id = randomUUID();
              res.setHeader('X-Request-Id', id);
              return id;
            },
          },
        }),
        DatabaseModule.forRoot({ url: databaseUrl, poolSize }),
        StorageModule,
        MailModule,
        RateLimitModule,
        ReadCacheModule,
        AuditModule,
        AuthModule,
        HealthModule,
        SettingsModule,
        SubjectsModule,
        PastPapersModule,
        DocumentSectionsModule,
        DownloadsModule,
        DocumentsModule,
        FaqsModule,
        InquiriesModule,
        UsersModule,
        DashboardModule,
        DocumentTextModule,
        QuestionsModule,
        GradeThresholdsModule,
        SearchModule,
        StoredFilesModule,
        ImportsModule,
        CoverageModule,
        PagesModule,
        SeedModule,
        DataVersionsModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useClass: DtoValidationPipe },
        { provide: APP_GUARD, useClass: JsonOnlyGuard },
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
        { provide: APP_INTERCEPTOR, useClass: RecordEtagInterceptor },
        { provide: APP_INTERCEPTOR, useClass: ContentChangeInterceptor },
      ],
    };
  }
}
