import { PageHero } from '../../../components/PageHero';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ContactFaqs } from './ContactFaqs';
import { ContactMethods } from './ContactMethods';
import { InquiryForm } from './InquiryForm';
import styles from './ContactPage.module.css';

/** /contact (spec section 2): contact methods from settings, the inquiry form, six FAQs and a link to all FAQs. */
export function ContactPage() {
  useDocumentTitle(
    'Contact Us',
    'Questions, missing papers or corrections: send the Past Paper Library team a message.',
  );
  return (
    <>
      <PageHero
        title="Contact Us"
        subtitle="A question about a paper, a document you cannot find, or a mistake to report? Send us a message and we will get back to you within 24 hours."
      />
      <div className={styles.content}>
        <div className={styles.layout}>
          <section className={styles.reach} aria-labelledby="contact-methods-title">
            <h2 id="contact-methods-title" className={styles.sectionTitle}>
              Get in touch
            </h2>
            <ContactMethods />
          </section>
          <InquiryForm />
        </div>
        <ContactFaqs />
      </div>
    </>
  );
}

export default ContactPage;
