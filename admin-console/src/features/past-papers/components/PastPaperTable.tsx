import {
  Button,
  buttonClassName,
  DataTable,
  type DataTableColumn,
  type PastPaperSummary,
  type SortState,
} from '@ppl/shared-ui';
import { Link } from 'react-router';
import { RowActions } from '../../../components/page/RowActions';
import { levelLabel, subjectOf, type PaperSortKey } from '../model/paper-list';

export interface PastPaperTableProps {
  papers: PastPaperSummary[];
  sort: SortState<PaperSortKey>;
  onSort: (key: PaperSortKey) => void;
  onEdit: (paper: PastPaperSummary) => void;
  onDelete: (paper: PastPaperSummary) => void;
  busy?: boolean;
}

const describe = (paper: PastPaperSummary) => `${subjectOf(paper)} ${paper.code} ${paper.session} ${paper.year}`;

/** Subject, Code, Level, Year, Session (sortable) and the row actions. */
export function PastPaperTable({ papers, sort, onSort, onEdit, onDelete, busy }: PastPaperTableProps) {
  const columns: DataTableColumn<PastPaperSummary>[] = [
    { key: 'subject', header: 'Subject', cell: subjectOf, sortable: true, rowHeader: true },
    { key: 'code', header: 'Code', cell: (p) => p.code, sortable: true },
    { key: 'level', header: 'Level', cell: (p) => levelLabel(p.level), sortable: true },
    { key: 'year', header: 'Year', cell: (p) => p.year, sortable: true },
    { key: 'session', header: 'Session', cell: (p) => p.session, sortable: true },
    {
      key: 'actions',
      header: 'Actions',
      cell: (p) => (
        <RowActions name={describe(p)} onDelete={() => onDelete(p)}>
          <Link
            to={`/admin/past-papers/${p.id}`}
            className={buttonClassName('ghost', 'small')}
            aria-label={`View details of ${describe(p)}`}
          >
            Details
          </Link>
          <Link
            to={`/admin/past-papers/${p.id}?download=true`}
            className={buttonClassName('ghost', 'small')}
            aria-label={`Download ${describe(p)}`}
          >
            Download
          </Link>
          {/* Spec section 2: here Edit follows Details, so it is one of the other actions. */}
          <Button size="small" variant="secondary" aria-label={`Edit ${describe(p)}`} onClick={() => onEdit(p)}>
            Edit
          </Button>
        </RowActions>
      ),
    },
  ];
  return (
    <DataTable
      caption="Past papers"
      columns={columns}
      rows={papers}
      rowKey={(p) => p.id}
      sort={sort}
      onSortChange={(key) => onSort(key as PaperSortKey)}
      busy={busy}
      testId="past-papers-table"
    />
  );
}
