import { AsyncLocalStorage } from 'node:async_hooks';
import {
  applyDecorators,
  BadRequestException,
  ConflictException,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request, RequestHandler, Response } from 'express';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional } from 'class-validator';
import type { Observable } from 'rxjs';

export const RECORD_CHANGED =
  'This record was changed by someone else since you opened it. Reload it to see the changes, then edit again.';
export const VERSION_INVALID = 'updated_at must be the date and time the record was loaded with';

const current = new AsyncLocalStorage<Request>();

/** Keeps the request reachable from the services that run for it (see assertUnchanged). */
export const editVersionContext: RequestHandler = (req, _res, next) => current.run(req, next);

/**
 * Lost updates: an edit may say which version of the record it was made on, as the `updated_at` the form was loaded
 * with (a JSON or multipart field) or, for API clients, `If-Match` with the record's ETag. A service calls this with
 * the row it has just locked for the edit; a different version answers 409 and nothing is written. An edit that
 * names no version (partial toggles, older clients) is applied as before.
 */
export function assertUnchanged(updatedAt: Date): void {
  const req = current.getStore();
  if (!req) return;
  const expected = expectedVersion(req);
  if (expected !== undefined && expected !== updatedAt.getTime()) throw new ConflictException(RECORD_CHANGED);
}

function expectedVersion(req: Request): number | undefined {
  const field = (req.body as Record<string, unknown> | undefined)?.updated_at;
  if (typeof field === 'string' && field.trim() !== '') {
    const at = Date.parse(field);
    if (Number.isNaN(at)) throw new BadRequestException(VERSION_INVALID);
    return at;
  }
  const ifMatch = req.headers['if-match'];
  if (typeof ifMatch === 'string' && ifMatch.trim() !== '' && ifMatch.trim() !== '*') {
    const tag = /^(?:W\/)?"(\d{1,15})"$/.exec(ifMatch.trim());
    if (!tag) throw new ConflictException(RECORD_CHANGED);
    return Number(tag[1]);
  }
  return undefined;
}

/** The ETag of one record: its version (updated_at in milliseconds). */
export const recordEtag = (updatedAt: string): string => `"${Date.parse(updatedAt)}"`;

/**
 * Single-record answers to signed-in readers (`{ data: { updated_at, … } }`) carry the record's ETag, for If-Match
 * on the next edit. Lists and public answers keep their own (content) ETags.
 */
@Injectable()
export class RecordEtagInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & { user?: unknown }>();
    if (req.method !== 'GET' || !req.user) return next.handle();
    // At res.json, so handlers that answer through @Res() (reads that may also send a file) are covered too.
    const res = context.switchToHttp().getResponse<Response>();
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const data = (body as { data?: unknown } | null)?.data;
      const record = Array.isArray(data) && data.length === 1 && req.query.id !== undefined ? data[0] : data;
      const updatedAt = (record as { updated_at?: unknown } | null)?.updated_at;
      if (record && !Array.isArray(record) && typeof updatedAt === 'string')
        res.setHeader('ETag', recordEtag(updatedAt));
      return json(body);
    };
    return next.handle();
  }
}

/** The optional `updated_at` field of an edit form (see assertUnchanged). */
export const EditVersionField = (): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      format: 'date-time',
      description:
        'The updated_at the record was loaded with: a stale edit answers 409 (If-Match with the ETag works too)',
    }),
    IsOptional(),
    IsISO8601({}, { message: VERSION_INVALID }),
  );
