import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { DEFAULT_USER_ROLES, type DefaultUserRole } from '../../common/domain-values';
import { ToBoolean, ToInt, Trim } from '../../common/transforms';

/** PUT /settings.php. Rules of spec section 5 "Settings"; omitted optional fields keep their value. */
export class UpdateSettingsDto {
  @ApiProperty({ maxLength: 200 })
  @Trim()
  @IsString({ message: 'Site name is required' })
  @IsNotEmpty({ message: 'Site name is required' })
  @MaxLength(200, { message: 'Site name must be at most 200 characters' })
  siteName!: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @Trim()
  @IsString({ message: 'Site description must be text' })
  @MaxLength(2000, { message: 'Site description must be at most 2000 characters' })
  siteDescription?: string;

  @ApiProperty({ format: 'email' })
  @Trim()
  @IsString({ message: 'Contact email is required' })
  @IsNotEmpty({ message: 'Contact email is required' })
  @IsEmail({}, { message: 'Please enter a valid email' })
  @MaxLength(254, { message: 'Contact email must be at most 254 characters' })
  contactEmail!: string;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @Trim()
  @IsString({ message: 'Support phone must be text' })
  @MaxLength(100, { message: 'Support phone must be at most 100 characters' })
  supportPhone?: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @Trim()
  @IsString({ message: 'Live chat hours must be text' })
  @MaxLength(200, { message: 'Live chat hours must be at most 200 characters' })
  liveChatHours?: string;

  @ApiPropertyOptional({ maxLength: 500 })
  @IsOptional()
  @Trim()
  @IsString({ message: 'Office address must be text' })
  @MaxLength(500, { message: 'Office address must be at most 500 characters' })
  officeAddress?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @ToBoolean()
  @IsBoolean({ message: 'Maintenance mode must be true or false' })
  maintenanceMode?: boolean;

  @ApiPropertyOptional()
  @IsOptional()
  @ToBoolean()
  @IsBoolean({ message: 'Allow registration must be true or false' })
  allowRegistration?: boolean;

  @ApiPropertyOptional({ enum: DEFAULT_USER_ROLES })
  @IsOptional()
  @IsIn(DEFAULT_USER_ROLES, { message: 'Default user role must be student, teacher or admin' })
  defaultUserRole?: DefaultUserRole;

  @ApiPropertyOptional({ format: 'email' })
  @IsOptional()
  @Trim()
  @IsString({ message: 'Please enter a valid notification email' })
  @ValidateIf((_, value) => value !== '')
  @IsEmail({}, { message: 'Please enter a valid notification email' })
  @MaxLength(254, { message: 'Notification email must be at most 254 characters' })
  notificationEmail?: string;

  @ApiPropertyOptional({ minimum: 5, maximum: 100, default: 10 })
  @IsOptional()
  @ToInt()
  @IsInt({ message: 'Files per page must be between 5 and 100' })
  @Min(5, { message: 'Files per page must be between 5 and 100' })
  @Max(100, { message: 'Files per page must be between 5 and 100' })
  filesPerPage?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 50, default: 10, description: 'MB' })
  @IsOptional()
  @ToInt()
  @IsInt({ message: 'Maximum file size must be between 1 and 50 MB' })
  @Min(1, { message: 'Maximum file size must be between 1 and 50 MB' })
  @Max(50, { message: 'Maximum file size must be between 1 and 50 MB' })
  maxFileSize?: number;
}
