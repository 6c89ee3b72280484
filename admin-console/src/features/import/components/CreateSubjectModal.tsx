import { zodResolver } from '@hookform/resolvers/zod';
import { errorText, FormField, LEVEL_LABELS, LEVELS, useToast } from '@ppl/shared-ui';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormModal } from '../../../components/form/FormModal';
import { useCreateSubject } from '../api/imports';

const schema = z.object({
  name: z.string().trim().min(1, 'Name is required'),
  code: z.string().trim().min(1, 'Code is required'),
  level: z.enum(LEVELS, 'Level is required'),
});
type Values = z.input<typeof schema>;

export interface CreateSubjectModalProps {
  importId: number;
  code: string;
  suggestedLevel: string | null;
  onClose: () => void;
}

/** "Create subject" for a code the library does not have: its files then belong to it. */
export function CreateSubjectModal({ importId, code, suggestedLevel, onClose }: CreateSubjectModalProps) {
  const toast = useToast();
  const save = useCreateSubject(importId);
  const level = (LEVELS as readonly string[]).includes(suggestedLevel ?? '') ? suggestedLevel : 'other';
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', code, level: level as Values['level'] },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const subject = await save.mutateAsync(values);
      toast.success(`Subject ${subject.name} (${subject.code}) created`);
      onClose();
    } catch {
      // shown in the banner
    }
  });
  return (
    <FormModal
      title={`Create subject ${code}`}
      formId="import-create-subject"
      submitLabel="Create Subject"
      save={save}
      saveError={(error) => errorText(error, 'Failed to create subject')}
      onSubmit={onSubmit}
      onClose={onClose}
      dirty={form.formState.isDirty}
    >
      <FormField label="Name" required error={errors.name?.message}>
        <input autoComplete="off" {...form.register('name')} />
      </FormField>
      <FormField label="Code" required error={errors.code?.message}>
        <input autoComplete="off" {...form.register('code')} />
      </FormField>
      <FormField label="Level" required error={errors.level?.message}>
        <select {...form.register('level')}>
          {LEVELS.map((l) => (
            <option key={l} value={l}>
              {LEVEL_LABELS[l]}
            </option>
          ))}
        </select>
      </FormField>
    </FormModal>
  );
}
