import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Trim } from '../../common/transforms';

/** POST /auth_login.php (spec section 5 "Login": email and password required). */
export class LoginDto {
  @ApiProperty({ format: 'email' })
  @Trim()
  @IsString({ message: 'Email is required' })
  @IsNotEmpty({ message: 'Email is required' })
  @MaxLength(254, { message: 'Invalid email or password' })
  email!: string;

  @ApiProperty({ format: 'password' })
  @IsString({ message: 'Password is required' })
  @IsNotEmpty({ message: 'Password is required' })
  @MaxLength(1024, { message: 'Invalid email or password' })
  password!: string;
}
