import { Button, EmptyState, SearchInput, Skeleton, buttonClassName, errorText, type Faq } from '@ppl/shared-ui';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from '../../../lib/router';
import { usePublishedFaqs } from '../../../api/queries';
import { LoadError } from '../../../components/LoadError';
import { PageHero } from '../../../components/PageHero';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSearchParam } from '../../../hooks/use-search-param';
import { useSearchTerm } from '../../../hooks/use-search-term';
import { faqCategories, filterFaqs, groupFaqs } from '../lib/faq-groups';
import { FaqAccordion } from './FaqAccordion';
import styles from './FaqsPage.module.css';

/**
 * /faqs (spec section 2): search, category filter buttons, a grouped accordion with the first FAQ open,
 * 'No FAQs found', and a contact call-to-action. Search and category are kept in the URL.
 */
export function FaqsPage() {
  useDocumentTitle(
    'Frequently Asked Questions',
    'Answers to common questions about finding, viewing and downloading past papers, mark schemes and examiner reports.',
  );
  const faqs = usePublishedFaqs();
  const { input, setInput, term, clear, forget } = useSearchTerm(150);
  const [, setSearchParams] = useSearchParams();
  const [category, setCategory] = useSearchParam<string>('category', '');
  const [opened, setOpened] = useState<ReadonlySet<number> | null>(null);

  const categories = useMemo(() => (faqs.data ? faqCategories(faqs.data.faqs, faqs.data.categories) : []), [faqs.data]);
  const groups = useMemo(
    () => (faqs.data ? groupFaqs(filterFaqs(faqs.data.faqs, { term, category }), categories) : []),
    [faqs.data, term, category, categories],
  );
  // The first FAQ is expanded initially; after that, the visitor decides.
  const firstId = faqs.data
    ? groupFaqs(filterFaqs(faqs.data.faqs, { term: '', category: '' }), categories)[0]?.faqs[0]?.id
    : undefined;
  const open = opened ?? new Set(firstId !== undefined ? [firstId] : []);
  const toggle = (faq: Faq) =>
    setOpened(() => {
      const next = new Set(open);
      if (next.has(faq.id)) next.delete(faq.id);
      else next.add(faq.id);
      return next;
    });
  // One URL update for the term and the category (two in one tick would not compose).
  const clearAll = () => {
    forget();
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('q');
        next.delete('category');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <>
      <PageHero
        title="Frequently Asked Questions"
        subtitle="Answers to what students ask most about the library, the papers and downloads."
      />
      <div className={styles.content}>
        <SearchInput
          label="Search FAQs"
          placeholder="Search questions and answers"
          value={input}
          onChange={setInput}
          onClear={clear}
          size="large"
        />
        {categories.length > 0 && (
          <div className={styles.categories} role="group" aria-label="Filter by category">
            <button
              type="button"
              className={styles.category}
              aria-pressed={category === ''}
              onClick={() => setCategory('')}
            >
              All
            </button>
            {categories.map((c) => (
              <button
                key={c}
                type="button"
                className={styles.category}
                aria-pressed={category.toLowerCase() === c.toLowerCase()}
                onClick={() => setCategory(c)}
              >
                {c}
              </button>
            ))}
          </div>
        )}

        {faqs.isPending && (
          <div className={styles.loading} role="status" aria-live="polite">
            <span className="ppl-visually-hidden">Loading FAQs…</span>
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} height={56} radius={10} />
            ))}
          </div>
        )}
        {faqs.isError && (
          <LoadError message={errorText(faqs.error, 'Failed to load FAQs')} onRetry={() => void faqs.refetch()} />
        )}
        {faqs.isSuccess && groups.length === 0 && (
          <EmptyState
            title="No FAQs found"
            hint={
              term || category ? 'Try other words or another category.' : 'Questions and answers will appear here soon.'
            }
            action={
              term || category ? (
                <Button variant="secondary" onClick={clearAll}>
                  Clear Search
                </Button>
              ) : undefined
            }
          />
        )}
        {groups.length > 0 && <FaqAccordion groups={groups} open={open} onToggle={toggle} />}

        <aside className={styles.cta} aria-labelledby="faq-cta">
          <h2 id="faq-cta" className={styles.ctaTitle}>
            Still have questions?
          </h2>
          <p className={styles.ctaText}>
            Cannot find the answer you are looking for? Our team replies within 24 hours.
          </p>
          <Link to="/contact" className={buttonClassName('primary')}>
            Contact Us
          </Link>
        </aside>
      </div>
    </>
  );
}

export default FaqsPage;
