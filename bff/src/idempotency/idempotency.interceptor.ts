import { createHash } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  HttpStatus,
  Injectable,
  UnprocessableEntityException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { catchError, concatMap, from, of, switchMap, type Observable } from 'rxjs';
import type { DataSource } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const KEY_INVALID = 'Idempotency-Key must be 1 to 200 visible ASCII characters';
export const KEY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed. Please retry shortly.';
export const KEY_REUSED = 'This Idempotency-Key was already used for a different request';
/** How long an answer is kept for retries. */
const KEEP_HOURS = 24;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Creates (POST) may carry an `Idempotency-Key` header: the first request runs and its answer is kept (PostgreSQL,
 * shared by every instance) for 24 hours; a retry with the same key, from the same user (or client when anonymous),
 * gets that answer again with `Idempotent-Replayed: true` instead of creating twice. While the first is still
 * running a retry answers 409; the same key with another request (method, path or body) answers 422. A failed
 * request keeps nothing, so it may be retried with the same key. Requests without the header are untouched.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (req.method !== 'POST' || header === undefined) return next.handle();
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !/^[\x21-\x7e]{1,200}$/.test(key)) throw new BadRequestException(KEY_INVALID);

    const res = context.switchToHttp().getResponse<Response>();
    const scope = sha256(req.user ? `user:${req.user.id}` : `client:${req.ip ?? ''}`);
    const fingerprint = sha256(JSON.stringify([req.method, req.originalUrl.toLowerCase(), bodyOf(req)]));
    const status =
      (Reflect.getMetadata(HTTP_CODE_METADATA, context.getHandler()) as number | undefined) ?? HttpStatus.CREATED;

    return from(this.claim(scope, key, fingerprint)).pipe(
      switchMap((kept) => {
        if (kept) {
          res.setHeader('Idempotent-Replayed', 'true');
          res.status(kept.statusCode);
          return of(kept.body);
        }
        return next.handle().pipe(
          concatMap(async (body: unknown) => {
            await this.db.query(
              'UPDATE idempotency_keys SET status_code = $3, body = $4 WHERE scope = $1 AND key = $2',
              [scope, key, status, JSON.stringify(body ?? null)],
            );
            return body;
          }),
          catchError(async (error: unknown) => {
            await this.release(scope, key);
            throw error;
          }),
        );
      }),
    );
  }

  /** Takes the key for this request, or answers what an earlier request with it got. */
  private async claim(
    scope: string,
    key: string,
    fingerprint: string,
  ): Promise<{ statusCode: number; body: unknown } | undefined> {
    if (Math.random() < 0.02) {
      await this.db.query(`DELETE FROM idempotency_keys WHERE created_at < now() - interval '${KEEP_HOURS} hours'`);
    }
    const claimed: unknown[] = await this.db.query(
      `INSERT INTO idempotency_keys (scope, key, fingerprint) VALUES ($1, $2, $3)
       ON CONFLICT (scope, key) DO NOTHING RETURNING key`,
      [scope, key, fingerprint],
    );
    if (claimed.length > 0) return undefined;
    const rows: Array<{ fingerprint: string; statusCode: number | null; body: unknown }> = await this.db.query(
      'SELECT fingerprint, status_code AS "statusCode", body FROM idempotency_keys WHERE scope = $1 AND key = $2',
      [scope, key],
    );
    const [earlier] = rows;
    if (!earlier) return this.claim(scope, key, fingerprint); // released meanwhile: try again
    if (earlier.fingerprint !== fingerprint) throw new UnprocessableEntityException(KEY_REUSED);
    if (earlier.statusCode === null) throw new ConflictException(KEY_IN_PROGRESS);
    return { statusCode: earlier.statusCode, body: earlier.body };
  }

  private async release(scope: string, key: string): Promise<void> {
    await this.db
      .query('DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2', [scope, key])
      .catch(() => undefined); // the database being down is what failed the request: the key expires anyway
  }
}

/** What identifies the request's content: the JSON body, or for a multipart body (parsed later) its length. */
function bodyOf(req: Request): unknown {
  if (req.is('multipart/form-data')) return ['multipart', req.headers['content-length'] ?? null];
  return req.body ?? null;
}
