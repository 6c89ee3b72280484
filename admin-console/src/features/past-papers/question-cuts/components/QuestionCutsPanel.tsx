import { useState } from 'react';
import { Button } from '@ppl/shared-ui';
import { QuestionCutsEditor } from './QuestionCutsEditor';
import styles from './QuestionCuts.module.css';

/**
 * A variant's question cuts on the paper's details page: closed by default (the editor loads pdf.js and the pages
 * only when opened).
 */
export function QuestionCutsPanel({
  paperId,
  variantId,
  label,
}: {
  paperId: number;
  variantId: number;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.editor}>
      <div className={styles.summary}>
        <h5 className={styles.heading}>Questions</h5>
        <Button size="small" variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Close question editor' : 'Edit questions'}
        </Button>
      </div>
      {open && (
        <>
          <p className={styles.muted}>
            Drag a red line, or select a question and click a page, to move where it starts; arrow keys move a focused
            line.
          </p>
          <QuestionCutsEditor paperId={paperId} variantId={variantId} label={label} />
        </>
      )}
    </div>
  );
}
