import { useState } from 'react';
import { dropQuestionEdits } from '../api/question-cuts';
import styles from './QuestionCuts.module.css';

/**
 * Replacing a variant's question paper asks whether to keep its edited questions. Kept by default: the
 * edits stand over the new file's detection. Not kept: once the paper is saved, the edits are dropped and the new
 * file's detection applies (DELETE …/questions/edits; nothing to drop is no error).
 */
export function useKeepQuestionEdits() {
  const [dropped, setDropped] = useState<ReadonlySet<number>>(new Set());
  const keeps = (variantId: number) => !dropped.has(variantId);
  const setKeeps = (variantId: number, keep: boolean) =>
    setDropped((current) => {
      const next = new Set(current);
      if (keep) next.delete(variantId);
      else next.add(variantId);
      return next;
    });
  /** After a successful save: drops the edits of the variants whose question paper was replaced and not kept. */
  const apply = async (paperId: number, replaced: number[]): Promise<void> => {
    await Promise.all(replaced.filter((id) => dropped.has(id)).map((id) => dropQuestionEdits(paperId, id)));
  };
  return { keeps, setKeeps, apply };
}

export function KeepQuestionEditsField({ checked, onChange }: { checked: boolean; onChange: (keep: boolean) => void }) {
  return (
    <label className={styles.keep}>
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      Keep the edited questions (if this variant&apos;s questions were edited; otherwise the new file&apos;s detected
      questions are used)
    </label>
  );
}
