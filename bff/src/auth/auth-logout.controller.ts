import { Controller, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { QueryFlag } from '../common/query-fields';
import { ApiSuccess } from '../openapi/responses';
import type { Response } from 'express';
import { AuthCookies } from './auth-cookie';
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
  constructor(
    private readonly auth: AuthService,
    private readonly cookies: AuthCookies,
  ) {}

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
    @Res({ passthrough: true }) res: Response,
  ) {
    if (user) await this.auth.logout(user);
    if (user && everywhere === true) await this.auth.logoutEverywhere(user);
    this.cookies.clear(res);
    return { success: true };
  }
}
