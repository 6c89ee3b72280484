import { Button, type Import, type Subject } from '@ppl/shared-ui';
import { useId, useState } from 'react';
import styles from './ImportPage.module.css';

export interface UnknownSubjectsProps {
  unknown: Import['unknown_subjects'];
  subjects: readonly Subject[];
  onCreate: (code: string, suggestedLevel: string | null) => void;
  onChoose: (code: string, subjectId: number) => void;
}

/** Codes of the files that no library subject has: "create subject" or "choose subject" for each. */
export function UnknownSubjects({ unknown, subjects, onCreate, onChoose }: UnknownSubjectsProps) {
  if (unknown.length === 0) return null;
  return (
    <section className={styles.unknown} aria-labelledby="import-unknown-subjects" data-testid="import-unknown-subjects">
      <h3 id="import-unknown-subjects" className={styles.sectionTitle}>
        Subjects the library does not have
      </h3>
      <ul className={styles.unknownList}>
        {unknown.map((u) => (
          <UnknownCode
            key={u.code}
            code={u.code}
            files={u.files}
            level={u.suggested_level}
            {...{ subjects, onCreate, onChoose }}
          />
        ))}
      </ul>
    </section>
  );
}

function UnknownCode({
  code,
  files,
  level,
  subjects,
  onCreate,
  onChoose,
}: { code: string; files: number; level: string | null } & Omit<UnknownSubjectsProps, 'unknown'>) {
  const selectId = useId();
  const [choice, setChoice] = useState('');
  return (
    <li className={styles.unknownItem}>
      <span>
        <strong>{code}</strong> ({files} {files === 1 ? 'file' : 'files'})
      </span>
      <Button size="small" onClick={() => onCreate(code, level)}>
        Create subject
      </Button>
      <span className={styles.chooseSubject}>
        <label htmlFor={selectId} className="ppl-visually-hidden">
          Choose the subject for {code}
        </label>
        <select id={selectId} className={styles.cellInput} value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">Choose subject…</option>
          {subjects.map((s) => (
            <option key={s.id} value={s.id}>
              {s.code} · {s.name}
            </option>
          ))}
        </select>
        <Button size="small" variant="secondary" disabled={!choice} onClick={() => onChoose(code, Number(choice))}>
          Use for {code}
        </Button>
      </span>
    </li>
  );
}
