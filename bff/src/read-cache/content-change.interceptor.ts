import { Injectable, SetMetadata, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { from, mergeMap, type Observable } from 'rxjs';
import { CHANGE_ANNOUNCED, isWriteWithEffect } from './read-cache.middleware';
import { contentScopeOf, ReadCache, type ContentScope } from './read-cache';

/** The subject ids a write changed, read from its answer and request; null when it cannot tell. */
export type SubjectsOfWrite = (answer: unknown, req: Request) => readonly unknown[] | null;

const CHANGED_SUBJECTS = 'ppl:changed-subjects';

/**
 * Declares that a write changes what the public pages show of the subjects `subjectsOf` names and nothing else
 * (pages that list or search subjects show every subject, so they change too). A write without it may have changed
 * anything. Pages of other subjects then stay in the renderer's cache.
 */
export const ChangesSubjects = (subjectsOf: SubjectsOfWrite) => SetMetadata(CHANGED_SUBJECTS, subjectsOf);

/** The id in a `{ data: { id } }` answer (a created or updated subject). */
export const answeredId: SubjectsOfWrite = (answer) => {
  const id = (answer as { data?: { id?: unknown } } | null)?.data?.id;
  return id === undefined ? null : [id];
};

/** The `?id=` a write names (a deleted subject). */
export const queriedId: SubjectsOfWrite = (_answer, req) => {
  const id = Number(req.query['id']);
  return Number.isSafeInteger(id) ? [id] : null;
};

/**
 * A successful write marks the read cache stale and tells the other BFF instances (PostgreSQL NOTIFY) before its
 * answer leaves: whichever instance the client's next request reaches has heard of the change by then, with its
 * scope (ChangesSubjects) when the handler declares one. The handler's transaction has committed when it returns,
 * so no instance can re-cache the old data afterwards.
 */
@Injectable()
export class ContentChangeInterceptor implements NestInterceptor {
  constructor(
    private readonly cache: ReadCache,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    if (!isWriteWithEffect(req)) return next.handle();
    const res = context.switchToHttp().getResponse<Response>();
    const subjectsOf = this.reflector.get<SubjectsOfWrite | undefined>(CHANGED_SUBJECTS, context.getHandler());
    return next.handle().pipe(
      mergeMap((body) =>
        from(
          this.cache.announceContentChange(scopeOf(subjectsOf, body, req)).then(() => {
            res.locals[CHANGE_ANNOUNCED] = true;
            return body;
          }),
        ),
      ),
    );
  }
}

function scopeOf(subjectsOf: SubjectsOfWrite | undefined, body: unknown, req: Request): ContentScope | undefined {
  const ids = subjectsOf?.(body, req);
  return ids ? contentScopeOf(ids) : undefined;
}
