import { Link } from '../lib/router';
import styles from './DocumentLinks.module.css';

export interface DocumentLinksProps {
  downloadUrl: string;
  /** The viewer's address (/papers/{id}/view?...): the View action reads the PDF in the page. Left out for Word files. */
  viewUrl?: string | null;
  /** What the document is, for screen readers ("Mathematics 0580 Paper 1, May/June 2024, question paper"). */
  context: string;
  compact?: boolean;
}

/** View (the site's viewer) and Download links of one document. The server names the downloaded file. */
export function DocumentLinks({ downloadUrl, viewUrl, context, compact = false }: DocumentLinksProps) {
  return (
    <span className={[styles.links, compact ? styles.compact : ''].filter(Boolean).join(' ')}>
      {viewUrl && (
        <Link className={styles.view} to={viewUrl}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
            <path
              d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          View<span className="ppl-visually-hidden"> {context}</span>
        </Link>
      )}
      <a className={styles.download} href={downloadUrl} download>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 20h14"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        Download<span className="ppl-visually-hidden"> {context}</span>
      </a>
    </span>
  );
}

/** Whether a stored file can be shown inline by the browser (PDFs can; Word files download). */
export const isPdf = (storedPath: string | null | undefined): boolean => !!storedPath && /\.pdf$/i.test(storedPath);
