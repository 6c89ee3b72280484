import { formatCount, formatFileSize } from '@ppl/shared-ui';
import { useState } from 'react';
import { DocumentLinks } from '../../../components/DocumentLinks';
import { groupByYearSession } from '../../../lib/papers';
import { SavedOfflineMark } from '../../../offline/SavedOfflineMark';
import { StudyRowActions } from '../../../study/components/StudyRowActions';
import type { Resource } from '../lib/resources';
import styles from './SubjectPage.module.css';

/** Grid view: the resources in collapsible year-session groups (groups in the order the sort gives them). */
export function ResourceGrid({ resources, idPrefix }: { resources: readonly Resource[]; idPrefix: string }) {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const groups = groupByYearSession(resources);
  const toggle = (key: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <div className={styles.groups}>
      {groups.map((group) => {
        const open = !collapsed.has(group.key);
        const panelId = `${idPrefix}-${group.key.replace(/[^a-z0-9-]/gi, '-')}`;
        return (
          <section key={group.key} className={styles.group} aria-label={group.label}>
            <h3 className={styles.groupHeading}>
              <button
                type="button"
                className={styles.groupToggle}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(group.key)}
              >
                <svg viewBox="0 0 12 8" width="12" height="8" aria-hidden="true" focusable="false">
                  <path d="M1 1l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
                </svg>
                {group.label}
                <span className={styles.groupCount}>
                  {group.items.length} {group.items.length === 1 ? 'document' : 'documents'}
                </span>
              </button>
            </h3>
            <ul id={panelId} className={styles.cards} hidden={!open}>
              {group.items.map((resource) => (
                <li key={resource.id} className={styles.resource} data-testid="resource">
                  <h4 className={styles.resourceTitle}>{resource.title}</h4>
                  <p className={styles.resourceMeta}>
                    <span className={styles.code}>{resource.paperCode}</span> · {resource.season} {resource.year}
                  </p>
                  <p className={styles.resourceMeta}>
                    {formatFileSize(resource.fileSize)} · {formatCount(resource.downloads, 'download', 'downloads')}
                  </p>
                  <StudyRowActions paper={resource.study} actions={resource.type === 'past-paper'} />
                  <SavedOfflineMark paperId={resource.study.paperId} />
                  <DocumentLinks
                    downloadUrl={resource.fileUrl}
                    viewUrl={resource.viewUrl}
                    context={`${resource.title}, ${resource.season} ${resource.year}`}
                  />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
