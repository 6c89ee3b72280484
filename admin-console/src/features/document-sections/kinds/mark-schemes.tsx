import {
  api,
  errorText,
  FormField,
  SESSIONS,
  type MarkScheme,
  type MarkSchemeFields,
  type PastPaperSummary,
} from '@ppl/shared-ui';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import page from '../../../components/page/page.module.css';
import { queryKeys } from '../../../lib/query-keys';
import { useSubjectChoices } from '../api/document-sections';
import { markSchemeForm, maxMarkSchemeInputYear, type MarkSchemeFormValues } from '../model/document-form';
import type { DocumentSection, SectionFieldsProps } from '../model/document-section';

const describe = (m: MarkScheme) => `${m.subject} (${m.code}) Paper ${m.paperNumber}`;
const paperLabel = (p: PastPaperSummary) =>
  `${p.subject_name || p.subject} (${p.code}) ${p.session} ${p.year} - #${p.id}`;

/** The optional linked paper (which fills subject, code, year and session) and the subject, paper, year, session. */
function MarkSchemeFields({
  form,
  document,
  papers,
  papersPending,
}: SectionFieldsProps<MarkScheme, MarkSchemeFormValues>) {
  const { errors } = form.formState;
  const subjects = useSubjectChoices();
  const subjectList = useMemo(() => subjects.data ?? [], [subjects.data]);
  // The library's subjects, and a subject an older mark scheme names that is no longer one of them (kept choosable).
  const current = document ? { name: document.subject, code: document.code } : null;
  const subjectOptions = [
    ...subjectList.map((subject) => ({ name: subject.name, code: subject.code })),
    ...(current && !subjectList.some((subject) => subject.name === current.name) && current.name ? [current] : []),
  ].sort((a, b) => a.name.localeCompare(b.name, 'en-US'));

  return (
    <>
      <FormField label="Linked Past Paper" hint="Optional; choosing one fills subject, code, year and session">
        {(wiring) => (
          <Controller
            name="past_paper_id"
            control={form.control}
            render={({ field }) => (
              <select
                {...wiring}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onBlur={field.onBlur}
                disabled={papersPending}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  const chosen = papers.find((p) => String(p.id) === event.target.value);
                  if (!chosen) return;
                  const options = { shouldValidate: form.formState.isSubmitted };
                  form.setValue('subject', chosen.subject_name || chosen.subject, options);
                  form.setValue('code', chosen.code, options);
                  form.setValue('year', String(chosen.year), options);
                  form.setValue('session', chosen.session, options);
                }}
              >
                <option value="">{papersPending ? 'Loading past papers...' : 'None'}</option>
                {papers.map((p) => (
                  <option key={p.id} value={p.id}>
                    {paperLabel(p)}
                  </option>
                ))}
              </select>
            )}
          />
        )}
      </FormField>
      <div className={page.formGrid}>
        <FormField label="Subject" required error={errors.subject?.message}>
          <select
            {...form.register('subject', {
              onChange: (event: { target: { selectedIndex: number } }) => {
                // A choice of the library's subjects, which fills the code (free text drifted). By position, not by
                // name: two subjects may share a name (Biology 0610 and 9700).
                const chosen = subjectOptions[event.target.selectedIndex - 1];
                form.setValue('code', chosen?.code ?? '', { shouldValidate: form.formState.isSubmitted });
              },
            })}
          >
            <option value="">{subjects.isPending ? 'Loading subjects...' : 'Select a subject'}</option>
            {subjectOptions.map((subject) => (
              <option key={`${subject.name}-${subject.code}`} value={subject.name}>
                {subject.name} ({subject.code})
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Subject Code" required error={errors.code?.message} hint="Filled from the subject">
          <input readOnly {...form.register('code')} />
        </FormField>
        <FormField label="Paper Number" required error={errors.paperNumber?.message}>
          <input {...form.register('paperNumber')} placeholder="e.g. 1, 21, 4H" />
        </FormField>
        <FormField label="Year" required error={errors.year?.message}>
          <input
            type="number"
            inputMode="numeric"
            min={2000}
            max={maxMarkSchemeInputYear()}
            step={1}
            {...form.register('year')}
          />
        </FormField>
        <FormField label="Session" required error={errors.session?.message}>
          <select {...form.register('session')}>
            <option value="">Select a session</option>
            {SESSIONS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </FormField>
      </div>
    </>
  );
}

/** Spec section 2 "Admin mark schemes" and section 5 "Mark scheme form". */
export const MARK_SCHEMES: DocumentSection<MarkScheme, MarkSchemeFormValues, MarkSchemeFields> = {
  kind: 'mark_scheme',
  queryKey: queryKeys.markSchemes,
  api: {
    list: () => api.markSchemes.list(),
    create: (form, options) => api.markSchemes.create(form, options),
    update: (id, form, options) => api.markSchemes.update(id, form, options),
    remove: (id) => api.markSchemes.remove(id),
    link: (id, inline) => api.links.markScheme(id, inline),
  },
  paperNumber: (m) => m.paperNumber,
  describe,
  matches: (m, term) => m.subject.toLowerCase().includes(term) || m.code.toLowerCase().includes(term),
  page: {
    title: 'Mark Schemes',
    subtitle: 'Mark schemes and the papers they belong to',
    addLabel: 'Add Mark Scheme',
    searchLabel: 'Search mark schemes',
    searchPlaceholder: 'Search mark schemes...',
    loading: 'Loading mark schemes...',
    fetchError: 'Failed to fetch mark schemes',
    caption: 'Mark schemes',
    emptyTitle: 'No mark schemes found',
    emptyHint: 'Add the first mark scheme',
    deleteTitle: 'Confirm Deletion',
    deleteSuccess: 'Mark scheme deleted successfully',
    deleteError: 'Failed to delete mark scheme',
    deleteMessage: (name) =>
      `Are you sure you want to delete the mark scheme for ${name}? This action cannot be undone.`,
    paperHeader: 'Paper',
    fileOpens: true,
    viewAction: false,
    columnsAfterFile: (linked) => [
      {
        key: 'paperLink',
        header: 'Linked Past Paper',
        cell: (m) => {
          if (m.past_paper_id) return `#${m.past_paper_id}`;
          const matched = linked.get(m.id);
          if (matched) {
            return <span title="Matched by subject code, year and session">N/A (shown with #{matched})</span>;
          }
          return (
            <span>
              N/A <span className={page.muted}>(not shown to students)</span>
            </span>
          );
        },
      },
    ],
    columnsBeforeActions: [],
  },
  form: {
    id: 'mark-scheme-form',
    addTitle: 'Add Mark Scheme',
    editTitle: 'Edit Mark Scheme',
    createLabel: 'Create Mark Scheme',
    updateLabel: 'Update Mark Scheme',
    created: 'Mark scheme created successfully',
    updated: 'Mark scheme updated successfully',
    saveError: (error) => `Failed to save mark scheme. Please try again. ${errorText(error, '')}`.trim(),
    papersError: 'Failed to load past papers list.',
    disableSaveOnErrors: true,
    defaultsToFirstPaper: false,
    paperLabel,
    file: {
      label: 'Mark Scheme File',
      keepHint: '(kept unless you choose another)',
      hint: (maxMb) => `PDF or Word, at most ${maxMb}MB`,
    },
    model: markSchemeForm,
    Fields: MarkSchemeFields,
  },
};
