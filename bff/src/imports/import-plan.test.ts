import { paperOfLabel, planImport, type PlanInput } from './import-plan';
import { EMPTY_PAPER_STATE, placeFiles } from './import-placement';

const now = new Date('2026-01-15T12:00:00Z');
const subjects = [
  { id: 1, name: 'Physics', code: '9702', level: 'cambridge-a-levels' },
  { id: 2, name: 'Physics (IAL)', code: 'WPH11', level: 'edexcel-a-levels' },
];
let nextId = 1;
const input = (fileName: string, corrections: PlanInput['corrections'] = {}): PlanInput => ({
  id: nextId++,
  fileName,
  kind: 'pdf',
  corrections,
});

describe('planImport', () => {
  it('reads the names, finds the subjects and groups files by paper', () => {
    const [qp, ms, er] = planImport(
      [input('9702_s23_qp_12.pdf'), input('9702_s23_ms_12.pdf'), input('9702_s23_er.pdf')],
      { subjects, subjectChoices: {}, now },
    );
    expect(qp).toMatchObject({ subject: subjects[0], year: 2023, session: 'May/June', paper: { name: 'Paper 12' } });
    expect(qp!.paperKey).toBe('1|2023|May/June');
    expect([qp!.attention, ms!.attention, er!.attention]).toEqual([[], [], []]);
    expect(er).toMatchObject({ documentType: 'examiner-report', paper: null, slotKey: 'examiner-report|' });
  });

  it("flags an unknown code, and takes the admin's choice of subject for it", () => {
    const [file] = planImport([input('5054_s23_qp_12.pdf')], { subjects, subjectChoices: {}, now });
    expect(file).toMatchObject({ unknownSubjectCode: '5054', suggestedLevel: 'cambridge-o-levels', paperKey: null });
    expect(file!.attention).toEqual(['Subject code 5054 is not in the library: create the subject or choose one.']);
    const [chosen] = planImport([input('5054_s23_qp_12.pdf')], { subjects, subjectChoices: { '5054': 1 }, now });
    expect(chosen).toMatchObject({ subject: subjects[0], unknownSubjectCode: null, attention: [] });
  });

  it('lets corrections fill in a name that says nothing, and says what is still missing', () => {
    const [bare] = planImport([input('scan0001.pdf')], { subjects, subjectChoices: {}, now });
    expect(bare!.attention).toEqual([expect.stringMatching(/does not start with a Cambridge syllabus code/)]);
    const [partly] = planImport([input('scan0001.pdf', { subjectId: 1, year: 2022, session: 'Oct/Nov' })], {
      subjects,
      subjectChoices: {},
      now,
    });
    expect(partly!.attention).toEqual(['Choose the document type.']);
    const [done] = planImport(
      [
        input('scan0001.pdf', {
          subjectId: 1,
          year: 2022,
          session: 'Oct/Nov',
          documentType: 'mark-scheme',
          paper: '42',
        }),
      ],
      { subjects, subjectChoices: {}, now },
    );
    expect(done).toMatchObject({ attention: [], paper: { name: 'Paper 42', version: 42 }, paperKey: '1|2022|Oct/Nov' });
  });

  it('asks for the session of a January Edexcel paper until it is chosen, and matches stored sittings', () => {
    const [jan] = planImport([input('wph11-01-que-20230110.pdf')], { subjects, subjectChoices: {}, now });
    expect(jan!.attention).toEqual([expect.stringMatching(/^January series/)]);
    const [fixed] = planImport([input('wph11-01-que-20230110.pdf', { session: 'Feb/March' })], {
      subjects,
      subjectChoices: {},
      now,
    });
    expect(fixed).toMatchObject({ attention: [], session: 'Feb/March', year: 2023 });
    // A mark scheme whose question paper is already stored (October 2023) takes that sitting.
    const [ms] = planImport([input('wph11-01-rms-20240111.pdf')], {
      subjects,
      subjectChoices: {},
      now,
      storedSittings: new Map([['WPH11/paper-1', [{ year: 2023, session: 'Oct/Nov' as const }]]]),
    });
    expect(ms).toMatchObject({ year: 2023, session: 'Oct/Nov', attention: [] });
  });

  it('flags two files for the same document, content that is not a document and years out of range', () => {
    const files = planImport(
      [input('9702_s23_qp_12.pdf'), input('9702_s23_qp_12 copy.pdf'), { ...input('9702_s23_ms_11.pdf'), kind: null }],
      { subjects, subjectChoices: {}, now },
    );
    expect(files[0]!.attention).toEqual(['The same document as 9702_s23_qp_12 copy.pdf: leave one of them out.']);
    expect(files[2]!.attention).toEqual(['The content is not a PDF, DOC or DOCX document: it cannot be imported.']);
    const [old] = planImport([input('9702_s99_qp_12.pdf')], { subjects, subjectChoices: {}, now });
    expect(old!.attention).toEqual(['Year must be between 2000 and 2031.']);
  });

  it('skips what the library does not store unless the admin says what it is', () => {
    const [gt] = planImport([input('9702_s23_gt.pdf')], { subjects, subjectChoices: {}, now });
    expect(gt!.skipped).toMatch(/^Grade thresholds/);
    const [left] = planImport([input('9702_s23_qp_11.pdf', { skip: true })], { subjects, subjectChoices: {}, now });
    expect(left).toMatchObject({ skipped: 'Left out of this import.', attention: [] });
  });
});

describe('paperOfLabel', () => {
  it.each([
    ['12', 'Paper 12', 12],
    ['1', 'Paper 1', 1],
    ['01', 'Paper 1', 1],
    ['1F', 'Paper 1F', 1],
    ['paper 2bh', 'Paper 2BH', 2],
  ])('%s → %s', (label, name, version) => {
    expect(paperOfLabel(label)).toMatchObject({ name, version });
  });
  it.each(['', '0', '123', 'x'])('%j is not a paper', (label) => expect(paperOfLabel(label)).toBeNull());
});

describe('placeFiles', () => {
  const plan = (names: string[]) =>
    planImport(
      names.map((n) => input(n)),
      { subjects, subjectChoices: {}, now },
    );

  it('puts a mark scheme into the variant its question paper creates, a series report on the paper', () => {
    const files = plan(['9702_s23_qp_12.pdf', '9702_s23_ms_12.pdf', '9702_s23_er.pdf']);
    const placed = placeFiles(files, EMPTY_PAPER_STATE);
    expect(placed.get(files[0]!.id)).toMatchObject({ into: 'variant', slot: 'document', variantId: null });
    expect(placed.get(files[1]!.id)).toMatchObject({ into: 'variant', slot: 'mark_scheme', variantId: null });
    expect(placed.get(files[2]!.id)).toMatchObject({ into: 'examiner_report', recordId: null, paperNumber: '' });
  });

  it('stores a mark scheme on its own without its question paper, and refuses a report without a paper', () => {
    const files = plan(['9702_s23_ms_13.pdf', '9702_s23_er.pdf']);
    const placed = placeFiles(files, EMPTY_PAPER_STATE);
    expect(placed.get(files[0]!.id)).toMatchObject({ into: 'mark_scheme', paperNumber: '13', current: null });
    expect(placed.get(files[1]!.id)).toMatchObject({ problem: expect.stringMatching(/import a question paper/) });
  });

  it('finds what a stored paper holds in that place', () => {
    const files = plan(['9702_s23_qp_12.pdf']);
    const slot = { path: 'papers/x.pdf', sha256: 'a'.repeat(64), name: 'old.pdf' };
    const empty = { path: null, sha256: null, name: null };
    const placed = placeFiles(files, {
      ...EMPTY_PAPER_STATE,
      paperId: 7,
      variants: [{ id: 3, slug: 'paper-12', files: { document: slot, mark_scheme: empty, examiner_report: empty } }],
    });
    expect(placed.get(files[0]!.id)).toMatchObject({ into: 'variant', variantId: 3, current: slot });
  });
});
