import { LEVEL_LABELS, errorText } from '@ppl/shared-ui';
import { Link } from '../../../lib/router';
import { useSubjects } from '../../../api/queries';
import { LoadError } from '../../../components/LoadError';
import { CardSkeletons } from '../../../components/PageSkeleton';
import { SubjectIcon, subjectColour } from '../../../components/SubjectIcon';
import { popularSubjects } from '../lib/home-selections';
import styles from './HomeSections.module.css';

/** The four subjects with most papers; icons by name, eight rotating colours, links to /subjects/{code}. */
export function PopularSubjects() {
  const subjects = useSubjects();
  const top = subjects.data ? popularSubjects(subjects.data) : [];
  return (
    <section className={styles.section} aria-labelledby="popular-heading">
      <div className={styles.sectionHeader}>
        <h2 id="popular-heading" className={styles.heading}>
          Popular Subjects
        </h2>
        <Link to="/past-papers" className={styles.more}>
          All subjects <span aria-hidden="true">→</span>
        </Link>
      </div>
      {subjects.isPending && <CardSkeletons count={4} height={150} />}
      {subjects.isError && (
        <LoadError
          message={errorText(subjects.error, 'Failed to load subjects. Please try again later.')}
          onRetry={() => void subjects.refetch()}
        />
      )}
      {subjects.isSuccess && top.length === 0 && <p className={styles.empty}>No subjects yet.</p>}
      {top.length > 0 && (
        <ul className={styles.subjects} data-testid="popular-subjects">
          {top.map((subject, index) => {
            const colour = subjectColour(index);
            return (
              <li key={subject.id} className={styles.subject} style={{ ['--subject-colour' as string]: colour }}>
                <SubjectIcon name={subject.name} colour={colour} />
                <h3 className={styles.subjectName}>
                  <Link to={`/subjects/${encodeURIComponent(subject.code)}`} className={styles.stretched}>
                    {subject.name}
                  </Link>
                </h3>
                <p className={styles.subjectMeta}>
                  <span className={styles.code}>{subject.code}</span> · {LEVEL_LABELS[subject.level] ?? subject.level}
                </p>
                <p className={styles.subjectCount}>
                  {subject.paper_count} {subject.paper_count === 1 ? 'paper' : 'papers'}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
