import {
  Global,
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type LoggerService,
  type MiddlewareConsumer,
  type NestModule,
} from '@nestjs/common';
import { pino, type Level, type Logger as Pino } from 'pino';
import { pinoHttp, type Options as HttpLogOptions } from 'pino-http';

const ROOT_LOGGER = Symbol('ROOT_LOGGER');
const HTTP_LOG_OPTIONS = Symbol('HTTP_LOG_OPTIONS');

/**
 * Nest's logger facade (`new Logger('Seed')`, the exception filter ...) writing JSON lines through pino, the same
 * stream as the request log. The last string argument is Nest's context; errors keep their stack in the log.
 */
@Injectable()
export class AppLogger implements LoggerService {
  constructor(@Inject(ROOT_LOGGER) private readonly root: Pino) {}

  log(message: unknown, ...rest: unknown[]) {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('trace', message, rest);
  }
  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }

  private write(level: Level, message: unknown, rest: unknown[]) {
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    // Nest passes an error's stack as the second argument of error().
    const stack = typeof rest[0] === 'string' && rest[0].includes('\n    at ') ? rest[0] : undefined;
    const fields: Record<string, unknown> = { context };
    if (stack) fields.stack = stack;
    if (message instanceof Error) this.root[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.root[level]({ ...fields, ...message });
    else this.root[level](fields, String(message));
  }
}

/**
 * pino for the whole BFF: one root logger, the request log (pino-http) on every route, and AppLogger for Nest.
 * The options are pino-http's (level, redact, autoLogging ...), as nestjs-pino took them.
 */
@Global()
@Module({})
export class LoggingModule implements NestModule {
  constructor(
    @Inject(ROOT_LOGGER) private readonly root: Pino,
    @Inject(HTTP_LOG_OPTIONS) private readonly options: HttpLogOptions,
  ) {}

  static forRoot(options: { pinoHttp: HttpLogOptions & { level?: string } }): DynamicModule {
    const { level, redact } = options.pinoHttp;
    const root = pino({ level: level ?? 'info', redact });
    return {
      module: LoggingModule,
      providers: [
        { provide: ROOT_LOGGER, useValue: root },
        { provide: HTTP_LOG_OPTIONS, useValue: options.pinoHttp },
        AppLogger,
      ],
      exports: [AppLogger],
    };
  }

  configure(consumer: MiddlewareConsumer) {
    consumer.apply(pinoHttp({ ...this.options, logger: this.root })).forRoutes('{*splat}');
  }
}
