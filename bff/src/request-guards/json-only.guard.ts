import { HttpException, HttpStatus, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import type { Request } from 'express';

export const JSON_ONLY = 'Unsupported content type: send JSON (application/json)';
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Marks the interceptor classes that parse multipart bodies (uploads/multipart.interceptor.ts). */
export const ACCEPTS_MULTIPART = Symbol('acceptsMultipart');

/**
 * Every write with a body must send JSON (415 otherwise): no HTML form (urlencoded, text/plain) can reach an
 * endpoint. The routes the spec documents as multipart are the exception: their interceptor parses the form and
 * answers the spec's own messages for anything else.
 */
@Injectable()
export class JsonOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!WITH_BODY.has(req.method) || !hasBody(req)) return true;
    if (req.is(['application/json', '+json'])) return true;
    const interceptors: unknown[] = [
      ...((Reflect.getMetadata(INTERCEPTORS_METADATA, context.getHandler()) as unknown[] | undefined) ?? []),
      ...((Reflect.getMetadata(INTERCEPTORS_METADATA, context.getClass()) as unknown[] | undefined) ?? []),
    ];
    if (interceptors.some((i) => typeof i === 'function' && ACCEPTS_MULTIPART in i)) return true;
    throw new HttpException(JSON_ONLY, HttpStatus.UNSUPPORTED_MEDIA_TYPE);
  }
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) return Number(length) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}
