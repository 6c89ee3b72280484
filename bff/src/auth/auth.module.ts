import { AuthCookies } from './auth-cookie';
import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AppConfig } from '../config/app-config';
import { AccessGuard } from './access.guard';
import { AuthCheckController } from './auth-check.controller';
import { AuthLoginController } from './auth-login.controller';
import { AuthLogoutController } from './auth-logout.controller';
import { AuthPasswordController, AuthSetupController } from './auth-password.controller';
import { AuthService } from './auth.service';
import { JwtStrategy } from './jwt.strategy';
import { signingKeyOf } from './signing-key';
import { LoginThrottle } from './login-throttle';
import { SetupAttemptLimit } from './setup-attempt-limit.guard';

@Module({
  imports: [
    PassportModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        secret: signingKeyOf(config.jwtSecret),
        signOptions: { algorithm: 'HS256' },
      }),
    }),
  ],
  controllers: [
    AuthLoginController,
    AuthLogoutController,
    AuthCheckController,
    AuthPasswordController,
    AuthSetupController,
  ],
  providers: [
    AuthService,
    AuthCookies,
    JwtStrategy,
    LoginThrottle,
    SetupAttemptLimit,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
})
export class AuthModule {}
