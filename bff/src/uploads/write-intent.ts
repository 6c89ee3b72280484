import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import type { Request } from 'express';
import { parseId } from '../common/query-fields';

export type WriteIntent = { kind: 'create' } | { kind: 'update'; id: number };

/**
 * Whether a POST creates or updates. The spec's client sends updates as a multipart POST carrying `_method=PUT`
 * and the id (in the body, the query, or both); the field is only known once the body is parsed, so the POST
 * handler dispatches on it. A real PUT is an update too.
 */
export function writeIntentOf(req: Request): WriteIntent {
  const body: Record<string, unknown> =
    typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};
  const override = body._method;
  if (
    override !== undefined &&
    (typeof override !== 'string' || !['PUT', 'POST'].includes(override.trim().toUpperCase()))
  ) {
    throw new BadRequestException('Invalid _method');
  }
  const isUpdate = req.method === 'PUT' || (typeof override === 'string' && override.trim().toUpperCase() === 'PUT');
  if (!isUpdate) return { kind: 'create' };
  const query = req.query as Record<string, unknown>;
  const queryId = query.id;
  const bodyId = body.id;
  const id = parseId(queryId !== undefined && queryId !== '' ? queryId : bodyId);
  if (queryId !== undefined && queryId !== '' && bodyId !== undefined && bodyId !== '' && parseId(bodyId) !== id) {
    throw new BadRequestException('The id in the query and in the form differ');
  }
  return { kind: 'update', id };
}

/** Documents the `?id=` an update may name (the spec's client sends it on the update POST too). */
export const ApiUpdateIdQuery = () =>
  ApiQuery({ name: 'id', required: false, type: Number, description: 'The record an update changes (or an id field)' });

/** The create/update intent of a multipart write (see writeIntentOf). */
export const Intent = createParamDecorator((_: unknown, ctx: ExecutionContext): WriteIntent =>
  writeIntentOf(ctx.switchToHttp().getRequest<Request>()),
);

/** The id a real PUT updates (`?id=` or an `id` field). */
export const UpdateTarget = createParamDecorator((_: unknown, ctx: ExecutionContext): number => {
  const intent = writeIntentOf(ctx.switchToHttp().getRequest<Request>());
  if (intent.kind !== 'update') throw new BadRequestException('Invalid id');
  return intent.id;
});

/** True when this write is an update (a PUT, or a POST with `_method=PUT`), without looking at the id yet. */
export function isUpdateRequest(req: Request): boolean {
  const body =
    typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>)._method : undefined;
  return req.method === 'PUT' || (typeof body === 'string' && body.trim().toUpperCase() === 'PUT');
}

/** The raw form fields (strings), for dynamic names such as `variant_0_remove_mark_scheme`. */
export const FormFields = createParamDecorator((_: unknown, ctx: ExecutionContext): Record<string, unknown> => {
  const body: unknown = ctx.switchToHttp().getRequest<Request>().body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
});
