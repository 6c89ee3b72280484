import { ApiSuccess } from '../openapi/responses';
import { Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { clearAuthCookie } from './auth-cookie';
import type { AuthUser } from './auth-user';
import { Auth, Public } from './auth.decorators';
import { AuthService } from './auth.service';

@ApiTags('auth')
@Controller('auth_logout.php')
export class AuthLogoutController {
  constructor(private readonly auth: AuthService) {}

  @ApiOperation({ summary: 'Sign out: revokes the token on the server and clears the cookie' })
  @Public()
  @ApiSuccess()
  @Post()
  @HttpCode(200)
  async logout(@Auth() user: AuthUser | undefined, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    if (user) await this.auth.logout(user);
    clearAuthCookie(req, res);
    return { success: true };
  }
}
