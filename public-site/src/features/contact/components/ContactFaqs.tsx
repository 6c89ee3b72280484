import { Skeleton, buttonClassName } from '@ppl/shared-ui';
import { Link } from '../../../lib/router';
import { RichText } from '../../../components/RichText';
import { useContactFaqs } from '../api/contact-faqs';
import styles from './ContactPage.module.css';

/** Up to six FAQs (Contact, else General, else all; by sort_order) and a link to all FAQs. */
export function ContactFaqs() {
  const faqs = useContactFaqs();
  return (
    <section className={styles.faqs} aria-labelledby="contact-faqs-title">
      <h2 id="contact-faqs-title" className={styles.sectionTitle}>
        Frequently Asked Questions
      </h2>
      {faqs.isPending && (
        <div className={styles.faqGrid} aria-hidden="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={120} radius={10} />
          ))}
        </div>
      )}
      {faqs.isError && <p className={styles.faqError}>Failed to load FAQs</p>}
      {faqs.data && faqs.data.length > 0 && (
        <ul className={styles.faqGrid} data-testid="contact-faqs">
          {faqs.data.map((faq) => (
            <li key={faq.id} className={styles.faq}>
              <h3 className={styles.faqQuestion}>{faq.question}</h3>
              <RichText html={faq.answer} className={styles.faqAnswer} />
            </li>
          ))}
        </ul>
      )}
      {faqs.data && faqs.data.length === 0 && <p className={styles.faqError}>No FAQs found</p>}
      <p className={styles.allFaqs}>
        <Link to="/faqs" className={buttonClassName('secondary')}>
          View all FAQs
        </Link>
      </p>
    </section>
  );
}
