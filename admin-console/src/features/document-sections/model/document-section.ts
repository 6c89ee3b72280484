import type { DataTableColumn, PastPaperSummary } from '@ppl/shared-ui';
import type { ComponentType } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { MultipartValue, TypedForm, UploadOptions } from '@ppl/shared-ui';
import type { PaperDocumentKind } from '../../../lib/paper-documents';
import type { DocumentFormModel } from './document-form';

/** What the one list page and the one form need of a document (a mark scheme or an examiner report). */
export interface SectionDocument {
  id: number;
  subject: string;
  code: string;
  year: number;
  session: string;
  file_url: string;
  file_name: string | null;
  downloads: number;
  views: number;
  created_at: string;
  updated_at: string;
}

/** What every kind's multipart fields have: the version an edit was made on. */
export interface SectionFields {
  updated_at?: MultipartValue;
}

/** The BFF calls of one kind. Each calls through `api` when used, so a test's spy on `api.<kind>` is seen. */
export interface SectionApi<TDoc, TFields extends SectionFields = SectionFields> {
  list: () => Promise<TDoc[]>;
  create: (form: TypedForm<TFields>, options?: UploadOptions) => Promise<TDoc>;
  update: (id: number, form: TypedForm<TFields>, options?: UploadOptions) => Promise<TDoc>;
  remove: (id: number) => Promise<unknown>;
  /** The download link (`inline`: opened to read in the browser). */
  link: (id: number, inline?: boolean) => string;
}

/** What the kind's own form fields get from the shared form modal. */
export interface SectionFieldsProps<TDoc, TValues extends FieldValues> {
  form: UseFormReturn<TValues>;
  /** The entry being edited, or null on create. */
  document: TDoc | null;
  /** The papers a document can belong to, sorted by their label. */
  papers: readonly PastPaperSummary[];
  papersPending: boolean;
}

/** The one form modal's texts and rules for one kind (spec section 5). */
export interface SectionForm<TDoc, TValues extends FieldValues, TFields extends SectionFields = SectionFields> {
  id: string;
  addTitle: string;
  editTitle: string;
  createLabel: string;
  updateLabel: string;
  created: string;
  updated: string;
  saveError: (error: unknown) => string;
  papersError: string;
  /** The save button is disabled while field errors exist. */
  disableSaveOnErrors: boolean;
  /** On create the past paper starts as the first in the list. */
  defaultsToFirstPaper: boolean;
  paperLabel: (paper: PastPaperSummary) => string;
  file: { label: string; keepHint: string; hint: (maxMb: number) => string };
  model: DocumentFormModel<TDoc, TValues, TFields>;
  /** The fields between the paper error and the file upload (the part of the form that differs by kind). */
  Fields: ComponentType<SectionFieldsProps<TDoc, TValues>>;
}

/** The one list page's texts and columns for one kind (spec section 2). */
export interface SectionPage<TDoc> {
  title: string;
  subtitle: string;
  addLabel: string;
  searchLabel: string;
  searchPlaceholder: string;
  loading: string;
  fetchError: string;
  caption: string;
  emptyTitle: string;
  emptyHint: string;
  deleteTitle: string;
  deleteSuccess: string;
  deleteError: string;
  /** The confirmation's text, naming the entry as `describe` does. */
  deleteMessage: (name: string) => string;
  /** The header of the paper number column. */
  paperHeader: string;
  /** The stored file's name is a link that opens it (otherwise plain text). */
  fileOpens: boolean;
  /** A View action (opens the file in a new tab) before Download. */
  viewAction: boolean;
  /** Columns after File and before Downloads; `linked` maps an entry to the paper it is shown with. */
  columnsAfterFile: (linked: ReadonlyMap<number, number>) => DataTableColumn<TDoc>[];
  /** Columns after Views and before Actions. */
  columnsBeforeActions: DataTableColumn<TDoc>[];
}

/** One kind of document section of the console: everything in which mark schemes and examiner reports differ. */
export interface DocumentSection<
  TDoc extends SectionDocument,
  TValues extends FieldValues,
  TFields extends SectionFields = SectionFields,
> {
  kind: PaperDocumentKind;
  queryKey: readonly string[];
  api: SectionApi<TDoc, TFields>;
  paperNumber: (doc: TDoc) => string;
  /** How a row and its dialogs name an entry. */
  describe: (doc: TDoc) => string;
  /** The search (`term` is trimmed and lower case, never empty). */
  matches: (doc: TDoc, term: string) => boolean;
  page: SectionPage<TDoc>;
  form: SectionForm<TDoc, TValues, TFields>;
}
