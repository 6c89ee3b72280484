import { Badge, Button, buttonClassName, Card, type PastPaperSummary } from '@ppl/shared-ui';
import { Link } from 'react-router';
import page from '../../../components/page/page.module.css';
import { RowActions } from '../../../components/page/RowActions';
import { levelLabel, subjectOf } from '../model/paper-list';
import styles from './PastPapers.module.css';

export interface PastPaperCardsProps {
  papers: PastPaperSummary[];
  onEdit: (paper: PastPaperSummary) => void;
  onDelete: (paper: PastPaperSummary) => void;
}

/** Card view: subject, code, level, year, session and variant count, with Details, Edit and Delete. */
export function PastPaperCards({ papers, onEdit, onDelete }: PastPaperCardsProps) {
  return (
    <ul className={page.cardGrid} aria-label="Past papers">
      {papers.map((paper) => {
        const name = `${subjectOf(paper)} ${paper.code} ${paper.session} ${paper.year}`;
        const variants = paper.variant_count;
        return (
          <Card
            as="li"
            key={paper.id}
            header={
              <div className={page.cardHeader}>
                <h3 className={page.cardTitle}>{subjectOf(paper)}</h3>
                <Badge tone="info">{paper.code}</Badge>
              </div>
            }
            footer={
              <RowActions name={name} onDelete={() => onDelete(paper)}>
                <Link
                  to={`/admin/past-papers/${paper.id}`}
                  className={buttonClassName('ghost', 'small')}
                  aria-label={`Details of ${name}`}
                >
                  Details
                </Link>
                {/* Spec section 2: here Edit follows Details, so it is one of the other actions. */}
                <Button size="small" variant="secondary" aria-label={`Edit ${name}`} onClick={() => onEdit(paper)}>
                  Edit
                </Button>
              </RowActions>
            }
          >
            <dl className={styles.facts}>
              <dt>Level</dt>
              <dd>{levelLabel(paper.level)}</dd>
              <dt>Year</dt>
              <dd>{paper.year}</dd>
              <dt>Session</dt>
              <dd>{paper.session}</dd>
              <dt>Variants</dt>
              <dd>{variants}</dd>
            </dl>
          </Card>
        );
      })}
    </ul>
  );
}
