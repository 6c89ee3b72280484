import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { ConfirmsPassword, NewPassword } from '../../users/dto/password-fields';

/** POST /auth_password.php: a signed-in user changes their own password. */
export class ChangePasswordDto {
  @ApiProperty({ format: 'password' })
  @IsString({ message: 'Current password is required' })
  @IsNotEmpty({ message: 'Current password is required' })
  @MaxLength(1024, { message: 'Current password is incorrect' })
  currentPassword!: string;

  @NewPassword('New password is required')
  password!: string;

  @ConfirmsPassword()
  confirmPassword!: string;
}
