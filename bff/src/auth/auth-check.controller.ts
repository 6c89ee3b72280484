import { ApiBody200 } from '../openapi/responses';
import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from './auth-user';
import { Auth, Public } from './auth.decorators';
import { AuthCheckAnswer } from './auth.responses';

@ApiTags('auth')
@Controller('auth_check.php')
export class AuthCheckController {
  @ApiOperation({ summary: '{ authenticated, user? } for the credential sent (200 either way)' })
  @Public()
  @ApiBody200(AuthCheckAnswer)
  @Get()
  check(@Auth() user: AuthUser | undefined): AuthCheckAnswer {
    if (!user) return { authenticated: false };
    const { id, name, email, role, status } = user;
    return { authenticated: true, user: { id, name, email, role, status } };
  }
}
