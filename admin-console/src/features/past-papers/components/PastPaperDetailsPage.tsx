import {
  api,
  ApiError,
  Badge,
  Breadcrumb,
  Button,
  buttonClassName,
  Card,
  documentViewerPath,
  formatCount,
  LEVEL_LABELS,
  type PastPaper,
  type Variant,
  type VariantDocumentType,
  VIEWER_DOCUMENT_OF,
} from '@ppl/shared-ui';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadingStatus } from '../../../components/page/LoadingStatus';
import page from '../../../components/page/page.module.css';
import { RouterLink } from '../../../components/page/RouterLink';
import { usePastPaper } from '../api/past-papers';
import { subjectOf } from '../model/paper-list';
import styles from './PastPaperDetails.module.css';
import { StoredFilesPanel } from './StoredFilesPanel';
import { QuestionCutsPanel } from '../question-cuts/components/QuestionCutsPanel';

interface Slot {
  type: VariantDocumentType;
  label: string;
  empty: string;
  path: (v: Variant) => string | null;
  downloads: (v: Variant) => number;
  views: (v: Variant) => number;
}

/** Spec section 2 "Admin past paper details": the three file slots of a variant. */
const SLOTS: readonly Slot[] = [
  {
    type: 'document',
    label: 'Past Paper',
    empty: 'No document uploaded',
    path: (v) => v.document_path || null,
    downloads: (v) => v.document_downloads,
    views: (v) => v.document_views,
  },
  {
    type: 'mark_scheme',
    label: 'Mark Scheme',
    empty: 'No mark scheme uploaded',
    path: (v) => v.mark_scheme_path,
    downloads: (v) => v.mark_scheme_downloads,
    views: (v) => v.mark_scheme_views,
  },
  {
    type: 'examiner_report',
    label: 'Examiner Report',
    empty: 'No examiner report uploaded',
    path: (v) => v.examiner_report_path,
    downloads: (v) => v.examiner_report_downloads,
    views: (v) => v.examiner_report_views,
  },
];

const variantName = (v: Variant) => v.name?.trim() || `Paper ${v.version}`;
const isComplete = (paper: PastPaper | undefined): paper is PastPaper =>
  !!paper && typeof paper.id === 'number' && !!subjectOf(paper) && !!paper.code;

/** Starts a file download the way a click on a link would. */
function startDownload(href: string) {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = '';
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

export function PastPaperDetailsPage() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const paper = usePastPaper(Number.isFinite(id) ? id : undefined);
  const data = paper.data;

  // The list's Download action lands here with ?download=true: fetch the first document once, then drop the flag.
  const wantsDownload = params.get('download') === 'true';
  useEffect(() => {
    if (!wantsDownload || !isComplete(data)) return;
    const first = [...(data.variants ?? [])].sort((a, b) => a.version - b.version).find((v) => v.document_path);
    if (first) startDownload(api.links.variantDocument(first.id, 'document'));
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('download');
        return next;
      },
      { replace: true },
    );
  }, [wantsDownload, data, setParams]);

  const back = (
    <Link to="/admin/past-papers" className={buttonClassName('secondary')}>
      Back to Past Papers
    </Link>
  );

  if (paper.isPending && Number.isFinite(id)) {
    return <LoadingStatus>Loading past paper...</LoadingStatus>;
  }
  if (paper.isError || !Number.isFinite(id) || !isComplete(data)) {
    const notFound = !Number.isFinite(id) || (paper.error instanceof ApiError && paper.error.status === 404);
    const message = notFound
      ? 'Past paper not found'
      : paper.isError
        ? 'Failed to load past paper details. Please try again later.'
        : 'Past paper data is incomplete or invalid.';
    return (
      <div className={[page.panel, styles.error].join(' ')}>
        <h2>Error Loading Past Paper</h2>
        <p role="alert">{message}</p>
        {back}
      </div>
    );
  }

  const subject = subjectOf(data);
  const level = LEVEL_LABELS[data.level] ?? data.level;
  const variants = [...(data.variants ?? [])].sort((a, b) => a.version - b.version || a.id - b.id);
  return (
    <>
      <Breadcrumb
        linkAs={RouterLink}
        items={[
          { label: 'Admin', to: '/admin/dashboard' },
          { label: 'Past Papers', to: '/admin/past-papers' },
          { label: `${subject} ${data.code}` },
        ]}
      />
      <div className={styles.header}>
        <div>
          <h2 className={styles.title}>
            {subject} ({data.code}) - {data.session} {data.year}
          </h2>
          <div className={styles.tags}>
            <Badge tone="info">{level}</Badge>
            <Badge>{data.year}</Badge>
            <Badge>{data.session}</Badge>
          </div>
        </div>
        <div className={page.rowActions}>
          {back}
          <Button onClick={() => navigate(`/admin/past-papers/edit/${data.id}`)}>Edit Past Paper</Button>
        </div>
      </div>

      <Card as="section" aria-labelledby="paper-summary" className={page.section}>
        <h3 id="paper-summary" className={page.sectionTitle}>
          Summary
        </h3>
        <dl className={styles.summary}>
          <div>
            <dt>Subject</dt>
            <dd>{subject}</dd>
          </div>
          <div>
            <dt>Code</dt>
            <dd>{data.code}</dd>
          </div>
          <div>
            <dt>Level</dt>
            <dd>{level}</dd>
          </div>
          <div>
            <dt>Year</dt>
            <dd>{data.year}</dd>
          </div>
          <div>
            <dt>Session</dt>
            <dd>{data.session}</dd>
          </div>
          <div>
            <dt>Total Variants</dt>
            <dd>{variants.length}</dd>
          </div>
        </dl>
      </Card>

      <section aria-labelledby="variants-heading">
        <h3 id="variants-heading" className={page.sectionTitle}>
          Variants
        </h3>
        {variants.length === 0 ? (
          <p className={page.muted}>No variants found for this past paper.</p>
        ) : (
          <ul className={styles.variants}>
            {variants.map((variant) => (
              <Card
                as="li"
                key={variant.id}
                aria-labelledby={`variant-${variant.id}`}
                data-testid={`variant-${variant.id}`}
                header={
                  <div className={styles.variantHeader}>
                    <h4 id={`variant-${variant.id}`} className={styles.variantTitle}>
                      {variantName(variant)}
                    </h4>
                    <span className={page.muted}>Version {variant.version}</span>
                  </div>
                }
              >
                <div className={styles.slots}>
                  {SLOTS.map((slot) => {
                    const path = slot.path(variant);
                    const what = `${slot.label.toLowerCase()} of ${variantName(variant)}`;
                    return (
                      <section
                        key={slot.type}
                        className={styles.slot}
                        aria-label={`${slot.label} of ${variantName(variant)}`}
                      >
                        <h5 className={styles.slotTitle}>{slot.label}</h5>
                        {path ? (
                          <>
                            <div className={page.rowActions}>
                              <a
                                className={buttonClassName('secondary', 'small')}
                                href={documentViewerPath(data.id, {
                                  variant: variant.id,
                                  doc: VIEWER_DOCUMENT_OF[slot.type],
                                })}
                                target="_blank"
                                rel="noopener noreferrer"
                                aria-label={`View ${what} (opens in a new tab)`}
                              >
                                View
                              </a>
                              <a
                                className={buttonClassName('primary', 'small')}
                                href={api.links.variantDocument(variant.id, slot.type)}
                                download
                                aria-label={`Download ${what}`}
                              >
                                Download
                              </a>
                            </div>
                            <p className={styles.count} data-testid={`downloads-${variant.id}-${slot.type}`}>
                              Downloaded: {formatCount(slot.downloads(variant), 'time', 'times')}
                            </p>
                            <p className={styles.count} data-testid={`views-${variant.id}-${slot.type}`}>
                              Viewed: {formatCount(slot.views(variant), 'time', 'times')}
                            </p>
                          </>
                        ) : (
                          <p className={page.muted}>{slot.empty}</p>
                        )}
                      </section>
                    );
                  })}
                </div>
                {variant.document_path && (
                  <QuestionCutsPanel paperId={data.id} variantId={variant.id} label={variantName(variant)} />
                )}
              </Card>
            ))}
          </ul>
        )}
      </section>
      <StoredFilesPanel paperId={data.id} />
    </>
  );
}
