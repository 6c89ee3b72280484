import type { OutgoingMail } from '../mail/mail-outbox.service';
import { oneLine } from './dto/text-fields';

/**
 * The mail telling the notification address about a new inquiry. Everything a visitor or an admin typed that is
 * shown on one line (name, email, subject, site name) is put on one line here too, whatever was stored: a line
 * break in it could otherwise forge lines such as `Bcc:` in the text (or a header, in the subject).
 */
export function inquiryNotification(
  inquiry: { id: number; name: string; email: string; subject: string; message: string },
  settings: { to: string; site: string },
): OutgoingMail {
  return {
    inquiryId: inquiry.id,
    to: oneLine(settings.to).trim(),
    subject: `New inquiry: ${oneLine(inquiry.subject)}`,
    text: [
      `A new message arrived through the contact form of ${oneLine(settings.site)}.`,
      '',
      `From: ${oneLine(inquiry.name)} <${oneLine(inquiry.email)}>`,
      `Subject: ${oneLine(inquiry.subject)}`,
      '',
      inquiry.message,
    ].join('\n'),
  };
}
