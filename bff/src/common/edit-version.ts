import {
  applyDecorators,
  BadRequestException,
  ConflictException,
  createParamDecorator,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsISO8601, IsOptional } from 'class-validator';
import type { Observable } from 'rxjs';

export const RECORD_CHANGED =
  'This record was changed by someone else since you opened it. Reload it to see the changes, then edit again.';
export const VERSION_INVALID = 'updated_at must be the date and time the record was loaded with';

/**
 * The version of a record an edit was made on (its updated_at in milliseconds), or undefined when the edit names
 * none (partial toggles, older clients: applied as before).
 */
export type ExpectedVersion = number | undefined;

/**
 * Lost updates: a service calls this with the row it has just locked for the edit and the version the edit was made
 * on; a different version answers 409 and nothing is written.
 */
export function assertUnchanged(updatedAt: Date, expected: ExpectedVersion): void {
  if (expected !== undefined && expected !== updatedAt.getTime()) throw new ConflictException(RECORD_CHANGED);
}

/**
 * The version an edit request names: the `updated_at` the form was loaded with (a JSON or multipart field, read
 * once the form is parsed; `?updated_at=` on a delete) or, for API clients, `If-Match` with the record's ETag. A malformed one is refused.
 */
export const EditVersion = createParamDecorator((_data: unknown, context: ExecutionContext): ExpectedVersion =>
  expectedVersion(context.switchToHttp().getRequest<Request>()),
);

function expectedVersion(req: Request): ExpectedVersion {
  // A form's field, or the query's on a request without a body (a delete).
  const field =
    (req.body as Record<string, unknown> | undefined)?.updated_at ??
    (req.query as Record<string, unknown> | undefined)?.updated_at;
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
