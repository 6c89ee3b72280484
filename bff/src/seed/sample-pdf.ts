import type PDFKit from 'pdfkit';

export interface SamplePdfContent {
  kind: 'Question Paper' | 'Mark Scheme' | 'Examiner Report';
  subject: string;
  code: string;
  year: number;
  session: string;
  variant: string;
}

let pdfkit: Promise<typeof PDFKit> | undefined;
/** pdfkit (about 25 MB of memory) is loaded only when demo content is generated, not in every BFF process. */
const loadPdfKit = () => (pdfkit ??= import('pdfkit').then((m) => ((m as { default?: typeof PDFKit }).default ?? (m as unknown as typeof PDFKit))));

/** A real, small PDF for demo content showing the subject, code, year, session and variant. */
export async function samplePdf(content: SamplePdfContent): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      compress: false, // keeps the demo text readable (and searchable) in the file itself
      info: {
        Title: `${content.subject} (${content.code}) ${content.session} ${content.year} ${content.variant} - ${content.kind}`,
        Author: 'Past Paper Library',
        Subject: `${content.subject} ${content.kind}`,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(12).fillColor('#555555').text('PAST PAPER LIBRARY — DEMO CONTENT');
    doc.moveDown(1.5);
    doc.font('Helvetica-Bold').fontSize(24).fillColor('#111111').text(content.subject);
    doc.font('Helvetica').fontSize(14).text(`Subject code: ${content.code}`);
    doc.text(`Session: ${content.session} ${content.year}`);
    doc.text(`Variant: ${content.variant}`);
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(18).text(content.kind);
    doc.moveDown();
    doc.font('Helvetica').fontSize(11);
    const lines =
      content.kind === 'Question Paper'
        ? [
            'Answer all questions. Write your answers in the spaces provided.',
            '1  (a) State one property of the quantity described in the diagram. [1]',
            '   (b) Explain how the result changes when the variable is doubled. [3]',
            '2  Calculate the value required, showing your working clearly. [4]',
            '3  Discuss two advantages and one disadvantage of the method. [6]',
          ]
        : content.kind === 'Mark Scheme'
          ? [
              'Marks are awarded for correct method (M) and accurate answers (A).',
              '1  (a) Any one valid property  B1',
              '   (b) Correct relationship stated M1; conclusion A1; units A1',
              '2  Correct substitution M1 M1; answer A1 A1',
              '3  Level-of-response marking: up to 6 marks.',
            ]
          : [
              'General comments: candidates were well prepared for most questions.',
              'Question 1: most candidates recalled the property; few explained the change fully.',
              'Question 2: working was usually clear; unit errors cost some marks.',
              'Question 3: the strongest answers balanced advantages against a disadvantage.',
            ];
    for (const line of lines) doc.text(line, { paragraphGap: 6 });
    doc.end();
  });
}
