import type { Faq } from '@ppl/shared-ui';
import { RichText } from '../../../components/RichText';
import type { FaqGroup } from '../lib/faq-groups';
import styles from './FaqsPage.module.css';

/** FAQs grouped under category headings; each question opens and closes its answer. */
export function FaqAccordion({
  groups,
  open,
  onToggle,
}: {
  groups: readonly FaqGroup[];
  open: ReadonlySet<number>;
  onToggle: (faq: Faq) => void;
}) {
  return (
    <div className={styles.groups}>
      {groups.map((group) => (
        <section key={group.category} className={styles.group} aria-labelledby={`faq-group-${slug(group.category)}`}>
          <h2 id={`faq-group-${slug(group.category)}`} className={styles.groupTitle}>
            {group.category}
          </h2>
          <ul className={styles.items}>
            {group.faqs.map((faq) => {
              const expanded = open.has(faq.id);
              return (
                <li key={faq.id} className={[styles.item, expanded ? styles.itemOpen : ''].filter(Boolean).join(' ')}>
                  <h3 className={styles.question}>
                    <button
                      type="button"
                      id={`faq-q-${faq.id}`}
                      className={styles.questionButton}
                      aria-expanded={expanded}
                      aria-controls={`faq-a-${faq.id}`}
                      onClick={() => onToggle(faq)}
                    >
                      <span>{faq.question}</span>
                      <svg
                        className={styles.chevron}
                        viewBox="0 0 12 8"
                        width="14"
                        height="10"
                        aria-hidden="true"
                        focusable="false"
                      >
                        <path d="M1 1l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
                      </svg>
                    </button>
                  </h3>
                  <div
                    id={`faq-a-${faq.id}`}
                    role="region"
                    aria-labelledby={`faq-q-${faq.id}`}
                    className={styles.answer}
                    hidden={!expanded}
                  >
                    <RichText html={faq.answer} />
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
