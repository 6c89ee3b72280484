import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, mergeMap, type Observable } from 'rxjs';
import { CHANGE_ANNOUNCED, isWriteWithEffect } from './read-cache.middleware';
import { ReadCache } from './read-cache';

/**
 * A successful write marks the read cache stale and tells the other BFF instances (PostgreSQL NOTIFY) before its
 * answer leaves: whichever instance the client's next request reaches has heard of the change by then (issue 17).
 * The handler's transaction has committed when it returns, so no instance can re-cache the old data afterwards.
 */
@Injectable()
export class ContentChangeInterceptor implements NestInterceptor {
  constructor(private readonly cache: ReadCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    if (!isWriteWithEffect(req)) return next.handle();
    const res = context.switchToHttp().getResponse<Response>();
    return next.handle().pipe(
      mergeMap((body) =>
        from(
          this.cache.announceContentChange().then(() => {
            res.locals[CHANGE_ANNOUNCED] = true;
            return body;
          }),
        ),
      ),
    );
  }
}
