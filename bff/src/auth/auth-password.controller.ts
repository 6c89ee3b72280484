import { Body, Controller, HttpCode, Post, Res, UnauthorizedException, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiBody200 } from '../openapi/responses';
import { AUTHENTICATION_REQUIRED } from './access.guard';
import { AuthCookies } from './auth-cookie';
import type { AuthUser } from './auth-user';
import { Auth, Public } from './auth.decorators';
import { LoginAnswer } from './auth.responses';
import { AuthService } from './auth.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { SetupPasswordDto } from './dto/setup-password.dto';
import { SetupAttemptLimit } from './setup-attempt-limit.guard';

@ApiTags('auth')
@Controller('auth_password.php')
export class AuthPasswordController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookies: AuthCookies,
  ) {}

  @ApiOperation({
    summary:
      'Change your own password (any signed-in user; current password required). Every token of the user is revoked; the answer is a fresh { success, token, user } and cookie. After 5 wrong current passwords each further attempt must wait (429 with Retry-After).',
  })
  @Public() // any role, but signed in: checked below
  @ApiBody200(LoginAnswer)
  @Post()
  @HttpCode(200)
  async change(
    @Auth() user: AuthUser | undefined,
    @Body() dto: ChangePasswordDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<LoginAnswer> {
    if (!user) throw new UnauthorizedException(AUTHENTICATION_REQUIRED);
    const session = await this.auth.changeOwnPassword(user, dto);
    this.cookies.set(res, session.token, session.expiresAt);
    return { success: true, token: session.token, user: session.user };
  }
}

@ApiTags('auth')
@Controller('auth_setup.php')
export class AuthSetupController {
  constructor(
    private readonly auth: AuthService,
    private readonly cookies: AuthCookies,
  ) {}

  @ApiOperation({
    summary:
      'The first admin chooses a password with the one-time link printed at first start; answers like a login ({ success, token, user } and the cookie). At most 10 attempts per client per 15 minutes (429 with Retry-After).',
  })
  @Public()
  @UseGuards(SetupAttemptLimit)
  @ApiBody200(LoginAnswer)
  @Post()
  @HttpCode(200)
  async setup(@Body() dto: SetupPasswordDto, @Res({ passthrough: true }) res: Response): Promise<LoginAnswer> {
    const session = await this.auth.completeFirstAdminSetup(dto);
    this.cookies.set(res, session.token, session.expiresAt);
    return { success: true, token: session.token, user: session.user };
  }
}
