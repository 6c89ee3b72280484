import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser } from './auth-user';

export const IS_PUBLIC = 'ppl:isPublic';

/**
 * Open to everyone. Without it a route needs a signed-in admin (401 without valid credentials, 403 for another
 * role). Public routes still see who is signed in (e.g. the dashboard's admin fields).
 */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

/** The signed-in user (undefined on a public route called anonymously). */
export const Auth = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  const req = ctx.switchToHttp().getRequest<Request & { user?: AuthUser }>();
  return req.user ?? undefined;
});
