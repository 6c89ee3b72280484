import { ForbiddenException, Injectable, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import type { AuthUser } from './auth-user';
import { IS_PUBLIC } from './auth.decorators';
import { hasCredential } from './jwt.strategy';

export const AUTHENTICATION_REQUIRED = 'Authentication required';
export const ADMIN_REQUIRED = 'Admin access required';

/**
 * The global guard. Every route needs a signed-in admin unless marked @Public(): no or bad credentials → 401,
 * another role → 403. On public routes a valid credential still identifies the user; a bad one is ignored.
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic =
      this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]) === true;
    const req = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    if (isPublic) {
      if (hasCredential(req)) {
        try {
          await super.canActivate(context);
        } catch (error) {
          if (!(error instanceof UnauthorizedException)) throw error;
          req.user = undefined;
        }
      }
      return true;
    }
    await super.canActivate(context);
    if (req.user?.role !== 'admin') throw new ForbiddenException(ADMIN_REQUIRED);
    return true;
  }

  override handleRequest<TUser = AuthUser>(error: unknown, user: TUser | false): TUser {
    if (error) throw error instanceof Error ? error : new UnauthorizedException(AUTHENTICATION_REQUIRED);
    if (!user) throw new UnauthorizedException(AUTHENTICATION_REQUIRED);
    return user;
  }
}

/**
 * For a public route that also serves admin-only data (e.g. GET /mark_schemes.php is a public download with
 * ?download_id= but an admin list otherwise): the same 401/403 answers as the guard.
 */
export function requireAdmin(user: AuthUser | undefined): AuthUser {
  if (!user) throw new UnauthorizedException(AUTHENTICATION_REQUIRED);
  if (user.role !== 'admin') throw new ForbiddenException(ADMIN_REQUIRED);
  return user;
}
