import { z } from 'zod';

/** Spec section 5 "User form". */
const common = {
  name: z.string().trim().min(1, 'Name is required'),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email')),
  role: z.enum(['user', 'admin']),
  status: z.enum(['active', 'inactive']),
};

/** On edit the password fields are neither shown nor sent. */
export const editUserSchema = z.object({
  ...common,
  password: z.string().optional(),
  confirmPassword: z.string().optional(),
});

/** New users only: a password of at least 8 characters, confirmed. */
export const newUserSchema = z
  .object({
    ...common,
    password: z.string().min(1, 'Password is required for new users').min(8, 'Password must be at least 8 characters'),
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

export type UserFormValues = z.input<typeof editUserSchema>;

/** Defaults for a new user: role user, status active. */
export const NEW_USER: UserFormValues = {
  name: '',
  email: '',
  role: 'user',
  status: 'active',
  password: '',
  confirmPassword: '',
};
