import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { ConfirmsPassword, PasswordOfPossibleLength } from '../../users/dto/password-fields';

/**
 * POST /auth_setup.php: the first admin chooses a password through the one-time link printed at first start. The
 * password's strength is judged after the link (AuthService.completeFirstAdminSetup).
 */
export class SetupPasswordDto {
  @ApiProperty()
  @IsString({ message: 'The setup link is incomplete' })
  @IsNotEmpty({ message: 'The setup link is incomplete' })
  @MaxLength(200, { message: 'The setup link is incomplete' })
  token!: string;

  @PasswordOfPossibleLength('Password is required')
  password!: string;

  @ConfirmsPassword()
  confirmPassword!: string;
}
