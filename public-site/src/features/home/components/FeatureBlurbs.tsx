import styles from './HomeSections.module.css';

const FEATURES = [
  {
    title: 'Every board and level',
    text: 'Cambridge, Edexcel, CBC and vocational papers, organised by level and subject so you find yours in seconds.',
    path: 'M4 6h16M4 12h16M4 18h10',
  },
  {
    title: 'Mark schemes included',
    text: 'Check every answer against the official mark scheme and learn exactly what examiners give marks for.',
    path: 'M5 12l4 4L19 6',
  },
  {
    title: 'Examiner reports',
    text: 'Read where candidates lost marks last time, so you do not lose them next time.',
    path: 'M6 3h8l4 4v14H6zM9 12h6M9 16h6',
  },
  {
    title: 'Free, no account needed',
    text: 'View any paper in your browser or download it, on a phone or a computer. No sign-up, no limits.',
    path: 'M12 3v12m0 0-4-4m4 4 4-4M5 21h14',
  },
] as const;

/** Why students use the library. */
export function FeatureBlurbs() {
  return (
    <section className={styles.section} aria-labelledby="features-heading">
      <h2 id="features-heading" className={styles.heading}>
        Everything you need to revise
      </h2>
      <ul className={styles.features}>
        {FEATURES.map((feature) => (
          <li key={feature.title} className={styles.feature}>
            <span className={styles.featureIcon} aria-hidden="true">
              <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
                <path
                  d={feature.path}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
            </span>
            <h3 className={styles.featureTitle}>{feature.title}</h3>
            <p className={styles.featureText}>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
