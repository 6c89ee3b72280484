import { Button } from '@ppl/shared-ui';
import type { ReactNode } from 'react';
import page from './page.module.css';

export interface RowActionsProps {
  /** What the row is, for the buttons' accessible names: 'Edit {name}', 'Delete {name}'. */
  name: string;
  onEdit?: () => void;
  onDelete: () => void;
  /** The row's other actions (links, status changes), shown after Edit and before Delete. */
  children?: ReactNode;
}

/** A list row's (or a card's) small action buttons: Edit when given, the others, Delete last. */
export function RowActions({ name, onEdit, onDelete, children }: RowActionsProps) {
  return (
    <div className={page.rowActions}>
      {onEdit && (
        <Button size="small" variant="secondary" aria-label={`Edit ${name}`} onClick={onEdit}>
          Edit
        </Button>
      )}
      {children}
      <Button size="small" variant="danger" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </div>
  );
}
