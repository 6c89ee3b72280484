import { zodResolver } from '@hookform/resolvers/zod';
import { api, ApiError, Button, type InquiryInput } from '@ppl/shared-ui';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from '../../../lib/router';
import { useHydrated, valuesTypedBeforeHydration } from '../../../hooks/use-hydrated';
import { EMPTY_INQUIRY, PRIORITIES, inquirySchema, type InquiryValues } from './inquiry-schema';
import styles from './ContactPage.module.css';

/** Spec section 9: the success message stays for 5 seconds. */
export const SUCCESS_MESSAGE_MS = 5_000;
export const SUCCESS_TEXT = "Thank you for your message! We'll get back to you within 24 hours.";
export const FAILURE_TEXT = 'There was an error submitting your inquiry. Please try again later.';

/** The failure text: the server's own words when it asks to wait (429: too many messages from this client). */
export function failureText(error: unknown): string {
  return error instanceof ApiError && error.status === 429 && error.serverMessage ? error.serverMessage : FAILURE_TEXT;
}

const PRIORITY_LABELS = { low: 'Low', medium: 'Medium', high: 'High' } as const;
const FIELD_NAMES = ['name', 'email', 'subject', 'message', 'priority', 'website'] as const;

const isPriority = (value: string | undefined): value is InquiryValues['priority'] =>
  (PRIORITIES as readonly (string | undefined)[]).includes(value);

/** The defaults, a missing-document request's ?subject=&message= over them, and what was already typed over both. */
function startingValues(
  params: URLSearchParams,
  typed: Partial<Record<(typeof FIELD_NAMES)[number], string>>,
): InquiryValues {
  return {
    ...EMPTY_INQUIRY,
    subject: params.get('subject')?.slice(0, 200) ?? EMPTY_INQUIRY.subject,
    message: params.get('message')?.slice(0, 2000) ?? EMPTY_INQUIRY.message,
    ...typed,
    priority: isPriority(typed.priority) ? typed.priority : EMPTY_INQUIRY.priority,
  };
}

/**
 * The inquiry form (spec section 4): idle → sending ('Sending...') → success (shown for 5 s; the form resets and
 * priority returns to medium) or error (what was typed stays). The message goes out prefixed 'Priority: {p}'.
 */
export function InquiryForm({
  send = (inquiry: InquiryInput) => api.inquiries.create(inquiry),
}: {
  send?: (inquiry: InquiryInput) => Promise<unknown>;
}) {
  const id = useId();
  const [succeeded, setSucceeded] = useState(false);
  // A request for a missing document (the subject page's coverage grid) arrives with ?subject=&message= filled in.
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  // What a visitor typed into the server-rendered form while its script was on the way wins over the defaults.
  const [startValues] = useState(() => startingValues(params, valuesTypedBeforeHydration(`${id}-name`, FIELD_NAMES)));
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<InquiryValues>({ resolver: zodResolver(inquirySchema), defaultValues: startValues });
  const mutation = useMutation({
    mutationFn: ({ website, ...values }: InquiryValues) => send(website ? { ...values, website } : values),
    onSuccess: () => {
      reset(EMPTY_INQUIRY);
      setSucceeded(true);
    },
    onError: () => setSucceeded(false),
  });

  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(() => setSucceeded(false), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [succeeded]);

  const sending = mutation.isPending;
  const field = (name: keyof Omit<InquiryValues, 'priority' | 'website'>) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    ...register(name),
  });
  const error = (name: keyof InquiryValues) =>
    errors[name]?.message ? (
      <p id={`${id}-${name}-error`} className={styles.fieldError}>
        {errors[name]?.message}
      </p>
    ) : null;

  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={handleSubmit((values) => {
        setSucceeded(false);
        mutation.mutate(values);
      })}
    >
      <h2 id={`${id}-title`} className={styles.formTitle}>
        Send us a message
      </h2>
      <div role="status" aria-live="polite" className={styles.live}>
        {succeeded && <p className={styles.success}>{SUCCESS_TEXT}</p>}
      </div>
      {mutation.isError && (
        <p role="alert" className={styles.failure}>
          {failureText(mutation.error)}
        </p>
      )}
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={`${id}-name`}>Name</label>
          <input type="text" autoComplete="name" required {...field('name')} />
          {error('name')}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-email`}>Email</label>
          <input type="email" autoComplete="email" required {...field('email')} />
          {error('email')}
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-subject`}>Subject</label>
        <input type="text" required {...field('subject')} />
        {error('subject')}
      </div>
      <fieldset className={styles.priority}>
        <legend>Priority</legend>
        {PRIORITIES.map((priority) => (
          <label key={priority} className={styles.priorityOption}>
            <input type="radio" value={priority} {...register('priority')} />
            {PRIORITY_LABELS[priority]}
          </label>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea rows={6} required {...field('message')} />
        {error('message')}
      </div>
      {/* A spam trap: off screen, out of the tab order and hidden from assistive technology; bots fill it. */}
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input type="text" id={`${id}-website`} tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <Button type="submit" busy={sending} disabled={!hydrated} className={styles.submit}>
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
