import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import type { Request, Response } from 'express';

/** Errors from the database driver when the database cannot be reached. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
]);
const UNAVAILABLE_TEXT =
  /connection terminated|timeout exceeded when trying to connect|timeout expired|query read timeout|connection (is )?closed|not connected|cannot use a pool after calling end/i;

interface ErrorLike {
  message?: unknown;
  code?: unknown;
  syscall?: unknown;
  status?: unknown;
  statusCode?: unknown;
  type?: unknown;
}

/**
 * The one exception filter. Every failure answers `{ error: message }`; HttpExceptions keep their status and
 * message, body-parser errors become clean 4xx, database outages 503, anything else a generic 500 with a request
 * id. Stacks and file paths are logged, never sent.
 */
/** Headers of a file answer that an error answer must not carry. */
const FILE_ANSWER_HEADERS = [
  'Content-Disposition',
  'Content-Length',
  'Content-Range',
  'Accept-Ranges',
  'ETag',
  'Last-Modified',
  'X-Accel-Redirect',
];

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const response = ctx.getResponse<Response>();
    const request = ctx.getRequest<Request & { id?: unknown }>();
    const { status, body } = this.toResponse(exception, request);
    if (status >= 500) {
      this.logger.error(
        { err: loggable(exception), method: request.method, url: request.originalUrl, requestId: request.id },
        'Request failed',
      );
    }
    if (response.headersSent) {
      response.destroy();
      return;
    }
    // An error is JSON, whatever the handler had begun to set for its answer (a download's type, disposition and
    // ranges: a failure after them, such as the database going away while counting, must not look like a file).
    for (const header of FILE_ANSWER_HEADERS) response.removeHeader(header);
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    const retryAfter = (exception as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
    if (typeof retryAfter === 'number') response.setHeader('Retry-After', String(Math.max(1, retryAfter)));
    response.status(status).json(body);
  }

  private toResponse(exception: unknown, request: { id?: unknown }): { status: number; body: Record<string, unknown> } {
    if (exception instanceof NotFoundException && /^Cannot [A-Z]+ /.test(exception.message)) {
      return { status: 404, body: { error: 'Not found' } }; // an unknown route: do not echo the path
    }
    // Nest maps body-parser and URL decoding errors to HttpExceptions carrying the original error as the cause.
    const parserError = exception instanceof HttpException ? bodyParserAnswer(exception.cause) : undefined;
    if (parserError) return parserError;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const raw = exception.getResponse();
      const body: Record<string, unknown> = { error: messageOf(raw, status) };
      const errors = typeof raw === 'object' ? (raw as { errors?: unknown }).errors : undefined;
      if (typeof errors === 'object' && errors !== null) body.errors = errors; // every failing field (validation)
      return { status, body };
    }
    const err = (exception ?? {}) as ErrorLike;
    const unmapped = bodyParserAnswer(exception);
    if (unmapped) return unmapped;
    const httpStatus =
      typeof err.status === 'number' ? err.status : typeof err.statusCode === 'number' ? err.statusCode : undefined;
    // body-parser / raw-body errors carry a 4xx status and a type.
    if (httpStatus && httpStatus >= 400 && httpStatus < 500) {
      return { status: httpStatus, body: { error: 'Bad request' } };
    }
    // Safety nets for rules the services check first (a race can still reach the database's constraints).
    if (err.code === '23505') return { status: 409, body: { error: 'This record already exists' } };
    if (err.code === '23503')
      return { status: 409, body: { error: 'This record is still referenced by other records' } };
    if (err.code === '22001' || err.code === '22003' || err.code === '22P02')
      return { status: 400, body: { error: 'Invalid value' } };
    if (isDatabaseUnavailable(err)) {
      return { status: 503, body: { error: 'Service temporarily unavailable. Please try again shortly.' } };
    }
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      body: {
        error: 'Internal server error',
        requestId: typeof request.id === 'string' || typeof request.id === 'number' ? request.id : undefined,
      },
    };
  }
}

/**
 * The error as it may be logged: type, message, code and stack, but never a failed query's SQL or its parameters (a
 * password hash, a visitor's message), which database errors carry as properties.
 */
export function loggable(exception: unknown): unknown {
  if (!(exception instanceof Error)) return exception;
  const { code } = exception as ErrorLike;
  return { type: exception.name, message: exception.message, code, stack: exception.stack };
}

/** Clean answers for body-parser errors (too large, malformed JSON) and undecodable URLs. */
function bodyParserAnswer(cause: unknown): { status: number; body: Record<string, unknown> } | undefined {
  if (cause instanceof URIError) return { status: 400, body: { error: 'Malformed URL' } };
  const err = (cause ?? {}) as ErrorLike;
  // The JSON shape limits and the NUL check (request-guards/json-structure.ts), run by the JSON parser.
  if (err.type === 'entity.refused' && typeof err.status === 'number' && typeof err.message === 'string') {
    return { status: err.status, body: { error: err.message } };
  }
  if (err.type === 'entity.too.large' || (err.status === 413 && typeof err.type === 'string')) {
    return { status: 413, body: { error: 'Request body is too large' } };
  }
  if (err.type === 'entity.parse.failed' || (cause instanceof SyntaxError && err.status === 400)) {
    return { status: 400, body: { error: 'Malformed JSON in request body' } };
  }
  return undefined;
}

function messageOf(response: string | object, status: number): string {
  if (typeof response === 'string') return response;
  const r = response as { error?: unknown; message?: unknown };
  if (typeof r.error === 'string' && status !== 400 && typeof r.message !== 'string' && !Array.isArray(r.message))
    return r.error;
  if (Array.isArray(r.message)) return r.message.map(String).join('; ');
  if (typeof r.message === 'string') return r.message;
  if (typeof r.error === 'string') return r.error;
  return 'Request failed';
}

export function isDatabaseUnavailable(err: ErrorLike): boolean {
  if (typeof err.code === 'string' && UNAVAILABLE_CODES.has(err.code)) return true;
  // The embedded database's Unix socket is gone while its process restarts.
  if (err.code === 'ENOENT' && err.syscall === 'connect') return true;
  return typeof err.message === 'string' && UNAVAILABLE_TEXT.test(err.message);
}
