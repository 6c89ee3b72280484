import { FormField } from '@ppl/shared-ui';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';

interface NewPassword {
  password: string;
  confirmPassword: string;
}

/** "New Password" and "Confirm Password", as every form that sets a password asks them (lib/password-schema.ts). */
export function NewPasswordFields<T extends NewPassword>({
  register,
  errors,
}: {
  register: UseFormRegister<T>;
  errors: FieldErrors<NewPassword>;
}) {
  const field = register as unknown as UseFormRegister<NewPassword>;
  return (
    <>
      <FormField
        label="New Password"
        required
        error={errors.password?.message}
        hint="At least 8 characters, not a common one"
      >
        <input type="password" autoComplete="new-password" {...field('password')} />
      </FormField>
      <FormField label="Confirm Password" required error={errors.confirmPassword?.message}>
        <input type="password" autoComplete="new-password" {...field('confirmPassword')} />
      </FormField>
    </>
  );
}
