import { LoginAttempt } from '../auth/login-attempt.entity';
import { LoginKnownClient } from '../auth/login-known-client.entity';
import { IdempotencyKey } from '../idempotency/idempotency-key.entity';
import { MailMessage } from '../mail/mail-message.entity';
import { RateLimitCounter } from '../rate-limit/rate-limit-counter.entity';
import { AuditEntry } from '../audit/audit-entry.entity';
import { ExaminerReport } from '../examiner-reports/examiner-report.entity';
import { Faq } from '../faqs/faq.entity';
import { GradeThreshold } from '../grade-thresholds/grade-threshold.entity';
import { Import } from '../imports/import.entity';
import { ImportFile } from '../imports/import-file.entity';
import { Inquiry } from '../inquiries/inquiry.entity';
import { MarkScheme } from '../mark-schemes/mark-scheme.entity';
import { PastPaper } from '../past-papers/past-paper.entity';
import { Variant } from '../past-papers/variant.entity';
import { SiteSettings } from '../settings/site-settings.entity';
import { Subject } from '../subjects/subject.entity';
import { RevokedToken } from '../users/revoked-token.entity';
import { User } from '../users/user.entity';
import { AppMeta } from './app-meta.entity';
import { CountedRequest } from '../downloads/counted-request.entity';
import { ClusterInstance } from '../read-cache/cluster-instance.entity';
import { DocumentPage } from '../document-reader/document-page.entity';
import { DocumentPreview } from '../document-reader/document-preview.entity';
import { DocumentText } from '../document-reader/document-text.entity';
import { Document } from '../documents/document.entity';
import { SearchWord } from '../document-reader/search-word.entity';
import { DocumentQuestions } from '../questions/question-set.entity';

export const ENTITIES = [
  AppMeta,
  AuditEntry,
  ClusterInstance,
  CountedRequest,
  Document,
  DocumentQuestions,
  DocumentPage,
  DocumentPreview,
  DocumentText,
  ExaminerReport,
  Faq,
  GradeThreshold,
  Import,
  ImportFile,
  Inquiry,
  LoginAttempt,
  LoginKnownClient,
  IdempotencyKey,
  MailMessage,
  MarkScheme,
  PastPaper,
  RateLimitCounter,
  RevokedToken,
  SearchWord,
  SiteSettings,
  Subject,
  User,
  Variant,
];
