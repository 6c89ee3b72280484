import { z } from 'zod';

/**
 * A password being set (reset, change, first admin): present, not only spaces, at least 8 characters, confirmed.
 * The server also refuses common and easily guessed passwords (its message shows in the form's banner).
 */
export const newPasswordFields = {
  password: z
    .string()
    .min(1, 'Password is required')
    .refine((value) => value.trim() !== '', 'Password cannot be blank')
    .refine((value) => value.length >= 8, 'Password must be at least 8 characters'),
  confirmPassword: z.string(),
};

export const matchingPasswords = <T extends { password: string; confirmPassword: string }>(values: T) =>
  values.password === values.confirmPassword;
export const MISMATCH = { message: 'Passwords do not match', path: ['confirmPassword'] };

export const resetPasswordSchema = z.object(newPasswordFields).refine(matchingPasswords, MISMATCH);
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;
