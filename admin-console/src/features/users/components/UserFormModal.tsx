import { zodResolver } from '@hookform/resolvers/zod';
import { errorText, FormField, useToast, type User } from '@ppl/shared-ui';
import { useForm } from 'react-hook-form';
import { FormModal } from '../../../components/form/FormModal';
import page from '../../../components/page/page.module.css';
import { useSaveUser } from '../api/users';
import { editUserSchema, NEW_USER, newUserSchema, type UserFormValues } from './user-schema';

export interface UserFormModalProps {
  /** The user being edited, or null to create one. */
  user: User | null;
  onClose: () => void;
}

/** 'Create New User' / 'Edit User'. Mounted per opening, so the form starts fresh each time. */
export function UserFormModal({ user, onClose }: UserFormModalProps) {
  const isNew = user === null;
  const toast = useToast();
  const save = useSaveUser();
  const form = useForm<UserFormValues>({
    resolver: zodResolver(isNew ? newUserSchema : editUserSchema),
    defaultValues: isNew ? NEW_USER : { name: user.name, email: user.email, role: user.role, status: user.status },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({
        id: user?.id,
        values: isNew
          ? { ...values, password: values.password ?? '', confirmPassword: values.confirmPassword ?? '' }
          : {
              name: values.name,
              email: values.email,
              role: values.role,
              status: values.status,
              updated_at: user.updated_at,
            },
      });
      toast.success(isNew ? 'User created successfully' : 'User updated successfully');
      onClose();
    } catch {
      // shown in the banner below
    }
  });

  return (
    <FormModal
      dirty={form.formState.isDirty}
      formId="user-form"
      title={isNew ? 'Create New User' : 'Edit User'}
      submitLabel={isNew ? 'Create User' : 'Update User'}
      save={save}
      saveError={(error) => errorText(error, isNew ? 'Failed to create user' : 'Failed to update user')}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormField label="Name" required error={errors.name?.message}>
        <input autoComplete="name" {...form.register('name')} />
      </FormField>
      <FormField label="Email" required error={errors.email?.message}>
        <input type="email" autoComplete="email" {...form.register('email')} />
      </FormField>
      <div className={page.formGrid}>
        <FormField label="Role">
          <select {...form.register('role')}>
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </select>
        </FormField>
        <FormField label="Status">
          <select {...form.register('status')}>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </select>
        </FormField>
      </div>
      {isNew && (
        <div className={page.formGrid}>
          <FormField label="Password" required error={errors.password?.message} hint="At least 8 characters">
            <input type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <FormField label="Confirm Password" required error={errors.confirmPassword?.message}>
            <input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </FormField>
        </div>
      )}
    </FormModal>
  );
}
