import { InitialSchema1732240000000 } from './1732240000000-initial-schema';
import { LookupIndexes1764000000000 } from './1764000000000-lookup-indexes';
import { AccountsHardening1765100000000 } from './1765100000000-accounts-hardening';
import { IdempotencyKeys1765200000000 } from './1765200000000-idempotency-keys';
import { FileNamesAndViews1765300000000 } from './1765300000000-file-names-and-views';
import { MailOutbox1765400000000 } from './1765400000000-mail-outbox';
import { DocumentSearch1766200000000 } from './1766200000000-document-search';
import { BulkImport1766300000000 } from './1766300000000-bulk-import';
import { ClusterInstances1766400000000 } from './1766400000000-cluster-instances';
import { CountedRequests1766400000001 } from './1766400000001-counted-requests';
import { SearchCatalogue1766500000000 } from './1766500000000-search-catalogue';
import { DocumentPreviews1766600000000 } from './1766600000000-document-previews';
import { LoginKnownClients1766723000000 } from './1766723000000-login-known-clients';
import { DocumentTextBounds1766724000000 } from './1766724000000-document-text-bounds';
import { SearchCandidateTiers1766800000000 } from './1766800000000-search-candidate-tiers';
import { Documents1766900000000 } from './1766900000000-documents';
import { Questions1767000000000 } from './1767000000000-questions';
import { GradeThresholds1767127000000 } from './1767127000000-grade-thresholds';
import { QuestionEdits1767150000000 } from './1767150000000-question-edits';
import { TextsFollowDocuments1767200000000 } from './1767200000000-texts-follow-documents';
import { DocumentsOwnFiles1767300000000 } from './1767300000000-documents-own-files';

/** Every migration, oldest first. They run at start-up (migrationsRun). Never edit one that has shipped. */
export const MIGRATIONS = [
  InitialSchema1732240000000,
  LookupIndexes1764000000000,
  AccountsHardening1765100000000,
  IdempotencyKeys1765200000000,
  FileNamesAndViews1765300000000,
  MailOutbox1765400000000,
  DocumentSearch1766200000000,
  BulkImport1766300000000,
  ClusterInstances1766400000000,
  CountedRequests1766400000001,
  SearchCatalogue1766500000000,
  DocumentPreviews1766600000000,
  LoginKnownClients1766723000000,
  DocumentTextBounds1766724000000,
  SearchCandidateTiers1766800000000,
  Documents1766900000000,
  Questions1767000000000,
  GradeThresholds1767127000000,
  QuestionEdits1767150000000,
  TextsFollowDocuments1767200000000,
  DocumentsOwnFiles1767300000000,
];
