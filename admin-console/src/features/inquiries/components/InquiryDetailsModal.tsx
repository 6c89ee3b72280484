import { Badge, Button, formatDateTime, Modal, type Inquiry, type InquiryStatus } from '@ppl/shared-ui';
import styles from './Inquiries.module.css';
import { STATUS_LABELS, STATUS_TONES } from './status';

export interface InquiryDetailsModalProps {
  inquiry: Inquiry;
  busy: boolean;
  onStatus: (status: InquiryStatus) => void;
  onClose: () => void;
}

/** Name, email, subject, date, status and message, with 'Mark as In Progress', 'Mark as Resolved' and 'Close'. */
export function InquiryDetailsModal({ inquiry, busy, onStatus, onClose }: InquiryDetailsModalProps) {
  return (
    <Modal
      open
      title="Inquiry Details"
      onClose={onClose}
      dismissible={!busy}
      footer={
        <>
          {inquiry.status !== 'in_progress' && (
            <Button variant="secondary" busy={busy} onClick={() => onStatus('in_progress')}>
              Mark as In Progress
            </Button>
          )}
          {inquiry.status !== 'resolved' && (
            <Button busy={busy} onClick={() => onStatus('resolved')}>
              Mark as Resolved
            </Button>
          )}
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Close
          </Button>
        </>
      }
    >
      <dl className={styles.details}>
        <dt>Name</dt>
        <dd>{inquiry.name}</dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${inquiry.email}`}>{inquiry.email}</a>
        </dd>
        <dt>Subject</dt>
        <dd>{inquiry.subject}</dd>
        <dt>Date</dt>
        <dd>{formatDateTime(inquiry.created_at)}</dd>
        <dt>Status</dt>
        <dd>
          <Badge tone={STATUS_TONES[inquiry.status]}>{STATUS_LABELS[inquiry.status]}</Badge>
        </dd>
        <dt>Message</dt>
        <dd className={styles.message}>{inquiry.message}</dd>
      </dl>
    </Modal>
  );
}
