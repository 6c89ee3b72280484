import {
  applyDecorators,
  BadRequestException,
  createParamDecorator,
  type ExecutionContext,
  type Type,
} from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiQuery, getSchemaPath, type SchemaObject } from '@nestjs/swagger';
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

/** What a multipart form carries beside its DTO's fields (documented, so the front ends' client is typed by them). */
export interface FormBodyExtras {
  /** File fields: name → what it holds. */
  files?: Record<string, string>;
  /** Fields sent and ignored (kept for the spec's client): name → why. */
  ignored?: Record<string, string>;
  /**
   * Fields whose names follow a pattern (`variant_{i}_document_path`): an anchored regular expression → its
   * schema. OpenAPI 3.0 has no patternProperties; they are kept as the `x-pattern-properties` extension, which the
   * front ends' contract double and types read.
   */
  patterns?: Record<string, Record<string, unknown>>;
  /** The update protocol: a POST may update (`_method=PUT` and an `id` field); a PUT may name its record by `id`. */
  method?: 'post' | 'put';
}

/**
 * The body of a form endpoint (multipart, or JSON where the endpoint takes both): the DTO's fields and, in one
 * object beside them, the file fields, the fields the server ignores, the update protocol fields of a POST, and
 * fields named by a pattern.
 */
export function ApiFormBody(form: Type<unknown>, extras: FormBodyExtras = {}) {
  const properties: Record<string, SchemaObject> = {};
  for (const [name, description] of Object.entries(extras.files ?? {}))
    properties[name] = { type: 'string', format: 'binary', description };
  for (const [name, description] of Object.entries(extras.ignored ?? {}))
    properties[name] = { type: 'string', description };
  if (extras.method) properties.id = { type: 'number', description: 'The record an update changes (or ?id=)' };
  if (extras.method === 'post')
    properties._method = { type: 'string', enum: ['PUT', 'POST'], description: 'PUT: this POST is an update' };
  const beside: SchemaObject & { 'x-pattern-properties'?: Record<string, unknown> } = { type: 'object', properties };
  if (extras.patterns) beside['x-pattern-properties'] = extras.patterns;
  return applyDecorators(ApiExtraModels(form), ApiBody({ schema: { allOf: [{ $ref: getSchemaPath(form) }, beside] } }));
}
