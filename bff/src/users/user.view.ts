import { ApiProperty } from '@nestjs/swagger';
import { USER_ROLES, USER_STATUSES, type UserRole, type UserStatus } from '../common/domain-values';
import type { User } from './user.entity';

/** A user as the API shows it: never a password or hash. */
export class UserView {
  @ApiProperty()
  id!: number;

  @ApiProperty()
  name!: string;

  @ApiProperty({ format: 'email' })
  email!: string;

  @ApiProperty({ enum: USER_ROLES })
  role!: UserRole;

  @ApiProperty({ enum: USER_STATUSES })
  status!: UserStatus;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time', description: 'The version an edit sends back (lost-update check)' })
  updated_at!: string;
}

export function toUserView(
  user: Pick<User, 'id' | 'name' | 'email' | 'role' | 'status' | 'createdAt' | 'updatedAt'>,
): UserView {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role as UserRole,
    status: user.status as UserStatus,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
