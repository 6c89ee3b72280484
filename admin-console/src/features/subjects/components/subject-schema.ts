import { LEVELS } from '@ppl/shared-ui';
import { z } from 'zod';

/**
 * Spec section 5 "Subject form": name, code and level required, description optional. The code is used in URLs
 * (/subjects/{code}) and must be unique: checked here against the subjects already known (the BFF enforces it too).
 */
export function subjectSchema(codesInUse: readonly string[]) {
  const taken = new Set(codesInUse.map((code) => code.toLowerCase()));
  return z.object({
    name: z.string().trim().min(1, 'Name is required'),
    code: z
      .string()
      .trim()
      .min(1, 'Code is required')
      .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, 'Code may only contain letters, numbers and hyphens')
      .refine((code) => !taken.has(code.toLowerCase()), 'A subject with this code already exists'),
    level: z.enum(LEVELS, 'Level is required'),
    description: z.string().trim(),
  });
}

export type SubjectFormValues = z.input<ReturnType<typeof subjectSchema>>;
