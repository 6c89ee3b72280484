import { zodResolver } from '@hookform/resolvers/zod';
import { api, errorText, FormField, useToast } from '@ppl/shared-ui';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormModal } from '../form/FormModal';
import { useAuth } from '../../lib/auth/AuthProvider';
import { matchingPasswords, MISMATCH, newPasswordFields } from '../../lib/password-schema';
import { NewPasswordFields } from '../form/NewPasswordFields';

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, 'Current password is required'), ...newPasswordFields })
  .refine(matchingPasswords, MISMATCH);
type ChangePasswordValues = z.infer<typeof changePasswordSchema>;

/** 'Change password' (profile menu): the signed-in admin's own password; other sessions end, this one goes on. */
export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const { adopt } = useAuth();
  const toast = useToast();
  const change = useMutation({ mutationFn: (values: ChangePasswordValues) => api.auth.changePassword(values) });
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      adopt(await change.mutateAsync(values));
      toast.success('Password changed. Your other sessions were signed out.');
      onClose();
    } catch {
      // shown in the banner below
    }
  });

  return (
    <FormModal
      dirty={form.formState.isDirty}
      formId="change-password-form"
      title="Change Password"
      submitLabel="Change Password"
      save={change}
      saveError={(error) => errorText(error, 'Failed to change password')}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormField label="Current Password" required error={errors.currentPassword?.message}>
        <input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </FormField>
      <NewPasswordFields register={form.register} errors={errors} />
    </FormModal>
  );
}
