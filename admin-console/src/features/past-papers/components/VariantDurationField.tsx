import { FormField } from '@ppl/shared-ui';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { MAX_DURATION_MINUTES } from '../model/past-paper-form';

export interface VariantDurationFieldProps {
  registration: UseFormRegisterReturn;
  source: 'admin' | 'cover' | null;
  error?: string;
}

const HINTS = {
  cover: "Read from the question paper's cover; type another to set it",
  admin: "Set by an admin; empty it to use the cover's reading",
  none: "Read from the question paper's cover when it prints one",
};

/** A variant's official duration (exam mode counts it down): 1 to 600 minutes, or empty. */
export function VariantDurationField({ registration, source, error }: VariantDurationFieldProps) {
  return (
    <FormField label="Duration (minutes)" error={error} hint={HINTS[source ?? 'none']}>
      <input type="number" inputMode="numeric" min={1} max={MAX_DURATION_MINUTES} step={1} {...registration} />
    </FormField>
  );
}
