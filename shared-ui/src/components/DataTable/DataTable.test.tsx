import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from './DataTable';
import { compareValues, nextSort, sortRows, type SortState } from './sorting';

interface Row {
  id: number;
  subject: string;
  year: number;
}

const ROWS: Row[] = [
  { id: 1, subject: 'physics', year: 2023 },
  { id: 2, subject: 'Biology', year: 2021 },
  { id: 3, subject: 'chemistry', year: 2025 },
];

const COLUMNS: DataTableColumn<Row>[] = [
  { key: 'subject', header: 'Subject', cell: (r) => r.subject, sortable: true, rowHeader: true },
  { key: 'year', header: 'Year', cell: (r) => r.year, sortable: true },
  { key: 'actions', header: 'Actions', cell: (r) => <button type="button">Edit {r.subject}</button> },
];

function Harness() {
  const [sort, setSort] = useState<SortState>({ key: 'subject', direction: 'asc' });
  const rows = sortRows(ROWS, (r) => r[sort.key as keyof Row], sort.direction);
  return (
    <DataTable
      caption="Papers"
      columns={COLUMNS}
      rows={rows}
      rowKey={(r) => r.id}
      sort={sort}
      onSortChange={(k) => setSort((s) => nextSort(s, k))}
    />
  );
}

const firstColumn = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('rowheader')[0]!.textContent);

describe('DataTable', () => {
  it('renders a named table with aria-sort on sortable headers only', () => {
    render(<Harness />);
    expect(screen.getByRole('table', { name: 'Papers' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Subject/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Year/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).not.toHaveAttribute('aria-sort');
    expect(firstColumn()).toEqual(['Biology', 'chemistry', 'physics']);
  });

  it('toggles the sort from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const subject = screen.getByRole('button', { name: /Subject/ });
    subject.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: /Subject/ })).toHaveAttribute('aria-sort', 'descending');
    expect(firstColumn()).toEqual(['physics', 'chemistry', 'Biology']);
    await user.tab();
    expect(screen.getByRole('button', { name: /Year/ })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('columnheader', { name: /Year/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(firstColumn()).toEqual(['Biology', 'physics', 'chemistry']);
  });

  it('names every cell for the phone card layout (data-label from the header)', () => {
    render(<Harness />);
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader')).toHaveAttribute('data-label', 'Subject');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.getAttribute('data-label')),
    ).toEqual(['Year', 'Actions']);
  });

  it('shows the empty content when there are no rows', () => {
    render(
      <DataTable
        caption="Papers"
        columns={COLUMNS}
        rows={[]}
        rowKey={(r) => r.id}
        empty={<p>No past papers found</p>}
      />,
    );
    expect(screen.getByText('No past papers found')).toBeInTheDocument();
  });
});

describe('sorting helpers', () => {
  it('compares case-insensitively, numbers numerically, empties last', () => {
    expect(compareValues('apple', 'Banana')).toBeLessThan(0);
    expect(compareValues(10, 9)).toBeGreaterThan(0);
    expect(compareValues('', 'a')).toBeGreaterThan(0);
    expect(compareValues('Paper 10', 'Paper 9')).toBeGreaterThan(0);
  });

  it('toggles the same key and starts another key ascending', () => {
    expect(nextSort({ key: 'year', direction: 'asc' }, 'year')).toEqual({ key: 'year', direction: 'desc' });
    expect(nextSort({ key: 'year', direction: 'desc' }, 'subject')).toEqual({ key: 'subject', direction: 'asc' });
  });
});
