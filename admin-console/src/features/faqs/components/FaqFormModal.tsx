import { zodResolver } from '@hookform/resolvers/zod';
import { errorText, FormField, useToast, type Faq } from '@ppl/shared-ui';
import { useForm, useWatch } from 'react-hook-form';
import { FormModal } from '../../../components/form/FormModal';
import page from '../../../components/page/page.module.css';
import { useSaveFaq } from '../api/faqs';
import { DEFAULT_CATEGORY, faqInput, faqSchema, initialFaq, NEW_CATEGORY, type FaqFormValues } from './faq-form';

export interface FaqFormModalProps {
  faq: Faq | null;
  categories: string[];
  onClose: () => void;
}

/** 'Add FAQ' / 'Edit FAQ': the category is chosen from the existing ones or typed as a new one. */
export function FaqFormModal({ faq, categories, onClose }: FaqFormModalProps) {
  const isNew = faq === null;
  const toast = useToast();
  const save = useSaveFaq();
  const form = useForm<FaqFormValues>({ resolver: zodResolver(faqSchema), defaultValues: initialFaq(faq) });
  const { errors } = form.formState;
  const category = useWatch({ control: form.control, name: 'category' });
  const options = Array.from(new Set([DEFAULT_CATEGORY, ...categories, ...(faq ? [faq.category] : [])])).sort((a, b) =>
    a.localeCompare(b, 'en-US'),
  );

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: faq?.id, values: faqInput(values), version: faq?.updated_at });
      toast.success(isNew ? 'FAQ created successfully' : 'FAQ updated successfully');
      onClose();
    } catch {
      // shown in the banner
    }
  });

  return (
    <FormModal
      dirty={form.formState.isDirty}
      formId="faq-form"
      title={isNew ? 'Add FAQ' : 'Edit FAQ'}
      submitLabel={isNew ? 'Create FAQ' : 'Update FAQ'}
      save={save}
      saveError={(error) => errorText(error, 'Failed to save FAQ')}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <FormField label="Question" required error={errors.question?.message}>
        <input {...form.register('question')} />
      </FormField>
      <FormField
        label="Answer"
        required
        error={errors.answer?.message}
        hint="Line breaks are kept; basic HTML (bold, lists, links) is allowed"
      >
        <textarea rows={6} {...form.register('answer')} />
      </FormField>
      <div className={page.formGrid}>
        <FormField label="Category" required error={errors.category?.message}>
          <select {...form.register('category')}>
            {options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
            <option value={NEW_CATEGORY}>+ New category</option>
          </select>
        </FormField>
        {category === NEW_CATEGORY && (
          <FormField label="New Category" required error={errors.newCategory?.message}>
            <input {...form.register('newCategory')} />
          </FormField>
        )}
        <FormField label="Sort Order" error={errors.sort_order?.message}>
          <input type="number" inputMode="numeric" min={0} step={1} {...form.register('sort_order')} />
        </FormField>
      </div>
      <FormField label="Published" layout="inline" hint="Drafts are hidden from the public FAQs page">
        <input type="checkbox" {...form.register('is_published')} />
      </FormField>
    </FormModal>
  );
}
