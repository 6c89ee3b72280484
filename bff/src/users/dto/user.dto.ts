import { EditVersionField } from '../../common/edit-version';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { USER_ROLES, USER_STATUSES, type UserRole, type UserStatus } from '../../common/domain-values';
import { Trim } from '../../common/transforms';
import { ConfirmsPassword, NewPassword } from './password-fields';

/** Spec section 5 "User form". */
export class UpdateUserDto {
  @EditVersionField()
  updated_at?: string;

  @ApiProperty({ maxLength: 200 })
  @Trim()
  @IsString({ message: 'Name is required' })
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(200, { message: 'Name must be at most 200 characters' })
  name!: string;

  @ApiProperty({ format: 'email' })
  @Trim()
  @IsString({ message: 'Email is required' })
  @IsNotEmpty({ message: 'Email is required' })
  @IsEmail({}, { message: 'Please enter a valid email' })
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  email!: string;

  @ApiPropertyOptional({ enum: USER_ROLES, default: 'user' })
  @IsOptional()
  @IsIn(USER_ROLES, { message: 'Role must be user or admin' })
  role?: UserRole;

  @ApiPropertyOptional({ enum: USER_STATUSES, default: 'active' })
  @IsOptional()
  @IsIn(USER_STATUSES, { message: 'Status must be active or inactive' })
  status?: UserStatus;
}

export class CreateUserDto extends UpdateUserDto {
  @NewPassword('Password is required for new users')
  password!: string;

  @ConfirmsPassword()
  confirmPassword!: string;
}
