import { oneLine } from './dto/text-fields';
import { inquiryNotification } from './inquiry-notification';

describe('inquiryNotification', () => {
  const inquiry = {
    id: 7,
    name: 'Ada',
    email: 'ada@example.com',
    subject: 'Missing paper',
    message: 'Priority: high\n\nPlease add 0580 2019.\nThanks',
  };

  it('says who wrote, about what, and the message as written (its lines kept)', () => {
    expect(inquiryNotification(inquiry, { to: ' office@school.example ', site: 'Past Paper Library' })).toEqual({
      inquiryId: 7,
      to: 'office@school.example',
      subject: 'New inquiry: Missing paper',
      text: [
        'A new message arrived through the contact form of Past Paper Library.',
        '',
        'From: Ada <ada@example.com>',
        'Subject: Missing paper',
        '',
        'Priority: high\n\nPlease add 0580 2019.\nThanks',
      ].join('\n'),
    });
  });

  it('puts every one-line field on one line, whatever was stored (no forged Bcc: lines)', () => {
    const mail = inquiryNotification(
      {
        ...inquiry,
        name: 'Eve\r\nBcc: victim@example.org',
        subject: 'Hi\u2028Bcc: a@example.org\u0085Cc: b@example.org\u2029X',
        email: 'eve@example.org\nBcc: c@example.org',
      },
      { to: 'office@school.example', site: 'Library\nBcc: d@example.org' },
    );
    const lines = mail.text.split(/\r\n|\r|\n|\u2028|\u2029|\u0085/);
    expect(lines.filter((line) => /^\s*(Bcc|Cc):/i.test(line))).toEqual([]);
    expect(lines.slice(0, 4)).toEqual([
      'A new message arrived through the contact form of Library Bcc: d@example.org.',
      '',
      'From: Eve Bcc: victim@example.org <eve@example.org Bcc: c@example.org>',
      'Subject: Hi Bcc: a@example.org Cc: b@example.org X',
    ]);
    expect(mail.subject).toBe('New inquiry: Hi Bcc: a@example.org Cc: b@example.org X');
  });

  it('oneLine turns each run of line breaks and control characters into one space', () => {
    expect(oneLine('a\r\n\tb\u0000c\u007fd\u2028e')).toBe('a b c d e');
    expect(oneLine('plain text, accents é and emoji 📄')).toBe('plain text, accents é and emoji 📄');
  });
});
