import { buttonClassName } from '@ppl/shared-ui';
import { useState } from 'react';
import { Link } from '../../../lib/router';
import { useRotation } from '../hooks/use-rotation';
import { useTypedText } from '../hooks/use-typed-text';
import styles from './HomeHero.module.css';

export const BRAND_TITLE = 'Past Paper Library';

export const EDUCATION_QUOTES = [
  { text: 'Education is the most powerful weapon which you can use to change the world.', author: 'Nelson Mandela' },
  { text: 'The beautiful thing about learning is that nobody can take it away from you.', author: 'B.B. King' },
  { text: 'Live as if you were to die tomorrow. Learn as if you were to live forever.', author: 'Mahatma Gandhi' },
  { text: 'The expert in anything was once a beginner.', author: 'Helen Hayes' },
  { text: 'Success is the sum of small efforts, repeated day in and day out.', author: 'Robert Collier' },
  { text: 'An investment in knowledge pays the best interest.', author: 'Benjamin Franklin' },
] as const;

/** The brand title typed letter by letter; assistive technology reads the whole title once. */
export function TypedTitle({ text, id }: { text: string; id?: string }) {
  const typed = useTypedText(text);
  return (
    <h1 className={styles.title} id={id}>
      <span className="ppl-visually-hidden">{text}</span>
      <span aria-hidden="true" data-testid="typed-title">
        {typed}
        <span
          className={[styles.caret, typed.length === text.length ? styles.caretDone : ''].filter(Boolean).join(' ')}
        />
      </span>
    </h1>
  );
}

/** Education quotes rotating every 10 s, with a pause control (moving content must be stoppable). */
export function QuoteRotator() {
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const index = useRotation(EDUCATION_QUOTES.length, undefined, paused || hovered);
  const quote = EDUCATION_QUOTES[index]!;
  return (
    <figure className={styles.quote} onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
      <blockquote key={index} className={styles.quoteText} data-testid="education-quote">
        “{quote.text}”
      </blockquote>
      <figcaption className={styles.quoteAuthor}>
        — {quote.author}
        <button type="button" className={styles.pause} aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
          {paused ? 'Play quotes' : 'Pause quotes'}
        </button>
      </figcaption>
    </figure>
  );
}

export function HomeHero() {
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div className={styles.inner}>
        <p className={styles.eyebrow}>Cambridge · Edexcel · CBC · Vocational</p>
        <TypedTitle text={BRAND_TITLE} id="home-title" />
        <p className={styles.tagline}>
          Past papers, mark schemes and examiner reports, free to view and download. Practise with real exams and see
          exactly how they are marked.
        </p>
        <div className={styles.actions}>
          <Link to="/past-papers" className={[buttonClassName('secondary'), styles.primaryAction].join(' ')}>
            Browse Past Papers
          </Link>
          <Link to="/faqs" className={[buttonClassName('ghost'), styles.secondaryAction].join(' ')}>
            Read the FAQs
          </Link>
        </div>
        <QuoteRotator />
      </div>
    </section>
  );
}
