import { ApiBody200 } from '../openapi/responses';
import { Body, Controller, HttpCode, Ip, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { AuthCookies } from './auth-cookie';
import { Public } from './auth.decorators';
import { LoginAnswer } from './auth.responses';
import { AuthService } from './auth.service';
import { LoginDto } from './dto/login.dto';

@ApiTags('auth')
@Controller('auth_login.php')
export class AuthLoginController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookies: AuthCookies,
  ) {}

  @ApiOperation({ summary: 'Sign in: { success, token, user }, and the same token as an httpOnly cookie' })
  @Public()
  @ApiBody200(LoginAnswer)
  @Post()
  @HttpCode(200)
  async login(
    @Body() dto: LoginDto,
    @Ip() client: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginAnswer> {
    const session = await this.auth.login(dto, client);
    this.cookies.set(res, session.token, session.expiresAt);
    return { success: true, token: session.token, user: session.user };
  }
}
