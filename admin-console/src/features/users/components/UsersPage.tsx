import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorBanner,
  errorText,
  type DataTableColumn,
  type User,
} from '@ppl/shared-ui';
import { useState } from 'react';
import { LoadingStatus } from '../../../components/page/LoadingStatus';
import { PageHeader } from '../../../components/page/PageHeader';
import { RowActions } from '../../../components/page/RowActions';
import { useDeleteConfirmation } from '../../../hooks/use-delete-confirmation';
import { useDeleteUser, useUsers } from '../api/users';
import { useOptionalAuth } from '../../../lib/auth/AuthProvider';
import { ResetPasswordModal } from './ResetPasswordModal';
import { UserFormModal } from './UserFormModal';

type Editing = { user: User | null } | null;

/** The Reset password action is for other users: one's own password is changed from the profile menu. */

/** Spec section 2 "Admin users". */
export function UsersPage() {
  const users = useUsers();
  const deletion = useDeleteConfirmation<User>(useDeleteUser(), {
    successMessage: () => 'User deleted successfully',
    errorMessage: (error) => errorText(error, 'Failed to delete user'),
  });
  const [editing, setEditing] = useState<Editing>(null);
  const [resetting, setResetting] = useState<User | null>(null);
  const me = useOptionalAuth()?.user;

  const columns: DataTableColumn<User>[] = [
    { key: 'name', header: 'Name', cell: (u) => u.name, rowHeader: true },
    { key: 'email', header: 'Email', cell: (u) => u.email },
    {
      key: 'role',
      header: 'Role',
      cell: (u) => (
        <Badge tone={u.role === 'admin' ? 'info' : 'neutral'}>{u.role === 'admin' ? 'Admin' : 'User'}</Badge>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (u) => (
        <Badge tone={u.status === 'active' ? 'success' : 'warning'}>
          {u.status === 'active' ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (u) => (
        <RowActions name={u.name} onEdit={() => setEditing({ user: u })} onDelete={() => deletion.ask(u)}>
          {u.id !== me?.id && (
            <Button
              size="small"
              variant="secondary"
              aria-label={`Reset password of ${u.name}`}
              onClick={() => setResetting(u)}
            >
              Reset password
            </Button>
          )}
        </RowActions>
      ),
    },
  ];

  const addButton = <Button onClick={() => setEditing({ user: null })}>Add User</Button>;
  return (
    <>
      <PageHeader title="Users" subtitle="Accounts that can sign in" actions={addButton} />
      {users.isPending && <LoadingStatus>Loading users...</LoadingStatus>}
      {users.isError && <ErrorBanner message="Failed to load users" onRetry={() => void users.refetch()} />}
      {users.isSuccess && (
        <DataTable
          caption="Users"
          columns={columns}
          rows={users.data}
          rowKey={(u) => u.id}
          busy={users.isFetching}
          empty={<EmptyState title="No users found" hint="Get started by creating a new user" action={addButton} />}
        />
      )}
      {editing && <UserFormModal user={editing.user} onClose={() => setEditing(null)} />}
      {resetting && <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />}
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete User"
        message={[
          `Are you sure you want to delete user "${deletion.target?.name ?? ''}"? This action cannot be undone.`,
          'All data associated with this user will be permanently removed.',
        ]}
      />
    </>
  );
}
