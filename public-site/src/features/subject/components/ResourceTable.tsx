import { formatFileSize, formatNumber } from '@ppl/shared-ui';
import { DocumentLinks } from '../../../components/DocumentLinks';
import { SavedOfflineMark } from '../../../offline/SavedOfflineMark';
import { StudyRowActions } from '../../../study/components/StudyRowActions';
import type { Resource } from '../lib/resources';
import styles from './SubjectPage.module.css';

/** List view: one table row per document, in the chosen order; on phones each row is a card. */
export function ResourceTable({ resources, caption }: { resources: readonly Resource[]; caption: string }) {
  return (
    <div className={styles.tableWrap} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption className="ppl-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Paper Code</th>
            <th scope="col">Session</th>
            <th scope="col">Year</th>
            <th scope="col" className={styles.number}>
              Size
            </th>
            <th scope="col" className={styles.number}>
              Downloads
            </th>
            <th scope="col">
              <span className="ppl-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {resources.map((resource) => (
            <tr key={resource.id} data-testid="resource">
              <th scope="row" className={styles.rowTitle}>
                {resource.title}
              </th>
              <td className={styles.code}>{resource.paperCode}</td>
              <td>{resource.season}</td>
              <td>{resource.year}</td>
              <td className={styles.number} data-label="Size">
                {formatFileSize(resource.fileSize)}
              </td>
              <td className={styles.number} data-label="Downloads">
                {formatNumber(resource.downloads)}
              </td>
              <td className={styles.actionsCell}>
                <StudyRowActions paper={resource.study} actions={resource.type === 'past-paper'} />
                <SavedOfflineMark paperId={resource.study.paperId} />
                <DocumentLinks
                  compact
                  downloadUrl={resource.fileUrl}
                  viewUrl={resource.viewUrl}
                  context={`${resource.title}, ${resource.season} ${resource.year}`}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
