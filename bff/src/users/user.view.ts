import type { UserRole, UserStatus } from '../common/domain-values';
import type { User } from './user.entity';

/** A user as the API shows it: never a password or hash. */
export interface UserView {
  id: number;
  name: string;
  email: string;
  role: UserRole;
  status: UserStatus;
  created_at: string;
}

export function toUserView(user: Pick<User, 'id' | 'name' | 'email' | 'role' | 'status' | 'createdAt'>): UserView {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role as UserRole,
    status: user.status as UserStatus,
    created_at: user.createdAt.toISOString(),
  };
}
