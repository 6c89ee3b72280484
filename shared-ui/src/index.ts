export { ApiError, errorText } from './api/api-error';
export { ApiClient, API_BASE_PATH, AUTH_TOKEN_KEY, AUTH_USER_KEY, multipartForm } from './api/client';
export type {
  AnswerOf,
  ApiClientOptions,
  ApiFetch,
  ApiPath,
  ApiPathWith,
  JsonBodyOf,
  MultipartBodyOf,
  MultipartOf,
  MultipartValue,
  PathParamsOf,
  TypedForm,
  QueryOf,
  UploadOptions,
} from './api/client';
export { api, apiClient, createApi, setApiFetch } from './api/endpoints';
export type {
  Api,
  DocumentViewTarget,
  EditVersion,
  ExaminerReportFields,
  FaqChanges,
  FaqInput,
  GradeThresholdInput,
  InquiryInput,
  LinkDelivery,
  MarkSchemeFields,
  PastPaperFields,
  PastPaperFilter,
  PastPaperQuery,
  SearchQuery,
  SettingsInput,
  SubjectFields,
  UserChanges,
  UserInput,
  VariantFileFields,
} from './api/endpoints';
export { parseInquiriesResponse } from './api/inquiries-response';
export { formatDate, formatDateTime } from './format/dates';
export { formatCount, formatFileSize, formatNumber } from './format/numbers';
export { slugify } from './format/slug';
export { normaliseSession } from './format/session';
export * from './types/domain';
export { Button, buttonClassName } from './components/Button/Button';
export type { ButtonProps, ButtonVariant } from './components/Button/Button';
export { EmptyState } from './components/EmptyState/EmptyState';
export { ErrorBanner } from './components/ErrorBanner/ErrorBanner';
export { Skeleton } from './components/Skeleton/Skeleton';
export { Tabs } from './components/Tabs/Tabs';
export type { TabItem, TabsProps } from './components/Tabs/Tabs';
export { Breadcrumb } from './components/Breadcrumb/Breadcrumb';
export type { BreadcrumbItem, BreadcrumbLinkProps, BreadcrumbProps } from './components/Breadcrumb/Breadcrumb';
export { SearchInput } from './components/SearchInput/SearchInput';
export type { SearchInputProps } from './components/SearchInput/SearchInput';
export { Card } from './components/Card/Card';
export type { CardProps } from './components/Card/Card';
export { Modal } from './components/Modal/Modal';
export type { ModalProps } from './components/Modal/Modal';
export { ConfirmDialog } from './components/ConfirmDialog/ConfirmDialog';
export type { ConfirmDialogProps } from './components/ConfirmDialog/ConfirmDialog';
export { DataTable } from './components/DataTable/DataTable';
export type { DataTableColumn, DataTableProps } from './components/DataTable/DataTable';
export { compareCodes, compareValues, nextSort, sortRows } from './components/DataTable/sorting';
export type { SortDirection, SortState } from './components/DataTable/sorting';
export { Pagination, SimplePagination } from './components/Pagination/Pagination';
export type { PaginationProps, SimplePaginationProps } from './components/Pagination/Pagination';
export { ToastProvider, useToast } from './components/Toast/Toast';
export type { ToastApi, ToastProviderProps, ToastTone } from './components/Toast/Toast';
export { ProgressBar } from './components/ProgressBar/ProgressBar';
export type { ProgressBarProps } from './components/ProgressBar/ProgressBar';
export { FormField } from './components/FormField/FormField';
export type { FieldControlProps, FormFieldProps } from './components/FormField/FormField';
export { Badge } from './components/Badge/Badge';
export type { BadgeProps, BadgeTone } from './components/Badge/Badge';
export { StatCard } from './components/StatCard/StatCard';
export type { StatCardProps } from './components/StatCard/StatCard';
export { documentViewerPath, VIEWER_DOCUMENTS, VIEWER_DOCUMENT_OF } from './links/document-viewer';
export type { ViewerDocument, ViewerLocation } from './links/document-viewer';
