import { zodResolver } from '@hookform/resolvers/zod';
import { errorText, useToast, type User } from '@ppl/shared-ui';
import { useForm } from 'react-hook-form';
import { FormModal } from '../../../components/form/FormModal';
import { useResetPassword } from '../api/users';
import { resetPasswordSchema, type ResetPasswordValues } from '../../../lib/password-schema';
import { NewPasswordFields } from '../../../components/form/NewPasswordFields';

export interface ResetPasswordModalProps {
  user: User;
  onClose: () => void;
}

/** 'Reset password': an admin sets another user's password (not part of the spec's edit form). */
export function ResetPasswordModal({ user, onClose }: ResetPasswordModalProps) {
  const toast = useToast();
  const reset = useResetPassword();
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ id: user.id, ...values });
      toast.success(`Password reset for ${user.name}. They were signed out everywhere.`);
      onClose();
    } catch {
      // shown in the banner below
    }
  });

  return (
    <FormModal
      dirty={form.formState.isDirty}
      formId="reset-password-form"
      title={`Reset password: ${user.name}`}
      submitLabel="Reset Password"
      save={reset}
      saveError={(error) => errorText(error, 'Failed to reset password')}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <p>
        Choose a new password for {user.email}. Every session of this user ends; tell them the new password through a
        safe channel.
      </p>
      <NewPasswordFields register={form.register} errors={errors} />
    </FormModal>
  );
}
