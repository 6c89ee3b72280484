import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength, ValidateBy } from 'class-validator';
import { USER_ROLES, USER_STATUSES, type UserRole, type UserStatus } from '../../common/domain-values';
import { Trim } from '../../common/transforms';

/** Spec section 5 "User form". */
export class UpdateUserDto {
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
  @ApiProperty({ minLength: 8, format: 'password' })
  @IsString({ message: 'Password is required for new users' })
  @IsNotEmpty({ message: 'Password is required for new users' })
  @MinLength(8, { message: 'Password must be at least 8 characters' })
  @MaxLength(200, { message: 'Password must be at most 200 characters' })
  password!: string;

  @ApiProperty({ format: 'password' })
  @ValidateBy(
    {
      name: 'matchesPassword',
      validator: { validate: (value, args) => value === (args?.object as CreateUserDto | undefined)?.password },
    },
    { message: 'Passwords do not match' },
  )
  confirmPassword!: string;
}
