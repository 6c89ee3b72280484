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
/** Whether the notification e-mail about this inquiry went out (settings: Notification Email; SMTP_URL). */
const NOTIFICATION_TEXT: Record<NonNullable<Inquiry['notification']>, string> = {
  none: 'No e-mail (no notification address, or mail is not set up)',
  pending: 'E-mail waiting to be sent (retrying)',
  sent: 'E-mail sent to the notification address',
  failed: 'E-mail could not be sent',
};

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
        <dt>Notification</dt>
        <dd data-testid="inquiry-notification">{NOTIFICATION_TEXT[inquiry.notification ?? 'none']}</dd>
        <dt>Message</dt>
        <dd className={styles.message}>{inquiry.message}</dd>
      </dl>
    </Modal>
  );
}
