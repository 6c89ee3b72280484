import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { UserView } from '../users/user.view';

/** The signed-in user as /auth_check.php describes them. */
export class SignedInUser extends OmitType(UserView, ['created_at', 'updated_at'] as const) {}

/** /auth_check.php: 200 either way. */
export class AuthCheckAnswer {
  @ApiProperty()
  authenticated!: boolean;

  @ApiPropertyOptional({ type: () => SignedInUser, description: 'Only when authenticated' })
  user?: SignedInUser;
}

/** /auth_login.php: the token (also set as the httpOnly cookie) and the user. */
export class LoginAnswer {
  @ApiProperty({ enum: [true] })
  success!: true;

  @ApiProperty({ description: 'A JWT; send it as `Authorization: Bearer …` or rely on the cookie' })
  token!: string;

  @ApiProperty({ type: () => UserView })
  user!: UserView;
}
