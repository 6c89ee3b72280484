import { api, formatFileSize, type PastPaper, type VariantDocumentType } from '@ppl/shared-ui';
import type { YearSessionGroup } from '../../../lib/papers';
import styles from './VariantDownloads.module.css';

const DOCUMENTS: ReadonlyArray<{
  type: VariantDocumentType;
  label: string;
  spoken: string;
  path: 'document_path' | 'mark_scheme_path' | 'examiner_report_path';
  size: 'document_size' | 'mark_scheme_size' | 'examiner_report_size';
}> = [
  { type: 'document', label: 'Question paper', spoken: 'question paper', path: 'document_path', size: 'document_size' },
  {
    type: 'mark_scheme',
    label: 'Mark scheme',
    spoken: 'mark scheme',
    path: 'mark_scheme_path',
    size: 'mark_scheme_size',
  },
  {
    type: 'examiner_report',
    label: 'Examiner report',
    spoken: 'examiner report',
    path: 'examiner_report_path',
    size: 'examiner_report_size',
  },
];

/** The variants of some year-session groups, each with download links (and sizes) for the documents it has. */
export function VariantDownloads({
  groups,
  subjectLabel,
}: {
  groups: ReadonlyArray<YearSessionGroup<PastPaper>>;
  subjectLabel: string;
}) {
  return (
    <div className={styles.groups}>
      {groups.map((group) => (
        <section key={group.key} className={styles.group} aria-label={`${group.label} papers`}>
          <h4 className={styles.groupTitle}>{group.label}</h4>
          <ul className={styles.variants}>
            {group.items.flatMap((paper) =>
              paper.variants.map((variant) => (
                <li key={variant.id} className={styles.variant}>
                  <span className={styles.variantName}>{variant.name || `Paper ${variant.version}`}</span>
                  <span className={styles.links}>
                    {DOCUMENTS.filter((doc) => !!variant[doc.path]).map((doc) => (
                      <a
                        key={doc.type}
                        className={styles.link}
                        href={api.links.variantDocument(variant.id, doc.type)}
                        download
                      >
                        <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                          <path
                            d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 20h14"
                            fill="none"
                            stroke="currentColor"
                            strokeWidth="2.2"
                            strokeLinecap="round"
                            strokeLinejoin="round"
                          />
                        </svg>
                        {doc.label}
                        {variant[doc.size] ? (
                          <span className={styles.size}>{formatFileSize(variant[doc.size])}</span>
                        ) : null}
                        <span className="ppl-visually-hidden">
                          {' '}
                          for {subjectLabel} {variant.name || `Paper ${variant.version}`}, {group.label} (download)
                        </span>
                      </a>
                    ))}
                  </span>
                </li>
              )),
            )}
          </ul>
        </section>
      ))}
    </div>
  );
}
