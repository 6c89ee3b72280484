import { Controller, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { QueryFlag } from '../common/query-fields';
import { ApiSuccess } from '../openapi/responses';
import type { Request, Response } from 'express';
import { clearAuthCookie } from './auth-cookie';
import type { AuthUser } from './auth-user';
import { Auth, Public } from './auth.decorators';
import { AuthService } from './auth.service';

class LogoutQuery {
  @QueryFlag({ description: "Every token of the user (all devices), not only this one's" })
  everywhere?: boolean;
}

@ApiTags('auth')
@Controller('auth_logout.php')
export class AuthLogoutController {
  constructor(private readonly auth: AuthService) {}

  @ApiOperation({
    summary:
      'Sign out: revokes the token on the server and clears the cookie; with ?everywhere=1 every token of the user (all devices)',
  })
  @Public()
  @ApiSuccess()
  @Post()
  @HttpCode(200)
  async logout(
    @Auth() user: AuthUser | undefined,
    @Query() { everywhere }: LogoutQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (user) await this.auth.logout(user);
    if (user && everywhere === true) await this.auth.logoutEverywhere(user);
    clearAuthCookie(req, res);
    return { success: true };
  }
}
