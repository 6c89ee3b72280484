import { Random } from './random';

/** How a generated paper is deliberately broken: the detector must flag each of these. */
export type PaperDamage =
  /** A page with questions on it is left out of the file (its printed page number is skipped). */
  | 'page-missing'
  /** Printed question numbers skip one (1, 2, 3, 5, …); the marks still add up. */
  | 'number-skipped'
  /** The cover states a total the questions' marks do not add up to. */
  | 'marks-do-not-add-up'
  /** The mark scheme gives one question a mark more or less than the paper. */
  | 'mark-scheme-disagrees';

export const DAMAGES: readonly PaperDamage[] = [
  'page-missing',
  'number-skipped',
  'marks-do-not-add-up',
  'mark-scheme-disagrees',
];

/** One answerable piece of a question: a part, a sub-part, or the whole question when it has no parts. */
export interface LeafSpec {
  /** `(a)`, `(b)(i)`, or `` for a question without parts. */
  label: string;
  /** Set on the first sub-part of a part: the part's own lead-in sentence, printed before it. */
  partIntro: string | null;
  text: string;
  marks: number;
  answerLines: number;
  /** Printed at the end of the last answer line ("m/s"). */
  unit: string | null;
  /** What a calculation asks for, named before its answer line in some papers ("speed = ..."). */
  quantity: string | null;
  /** The mark scheme's lines for this row: each with its value (0 for a line that carries no mark). */
  scheme: Array<{ text: string; value: number }>;
}

export interface FigureSpec {
  width: number;
  height: number;
  /** Labels drawn inside the figure (letters, values, axis numbers). */
  labels: string[];
  kind: 'graph' | 'apparatus';
}

export interface QuestionSpec {
  /** The question's number in the paper's true sequence (1..N). */
  number: number;
  /** The number printed (differs from `number` in a paper with a skipped number). */
  printedNumber: number;
  stem: string[];
  figure: FigureSpec | null;
  /** A small table: header cells and rows of cells. */
  table: { header: string[]; rows: string[][] } | null;
  leaves: LeafSpec[];
  marks: number;
  /** The examiners' comments on the question, one paragraph each. */
  comments: string[];
}

export interface PaperSpec {
  seed: number;
  board: 'cambridge' | 'edexcel';
  subject: string;
  syllabus: string;
  component: string;
  /** The cover reference: "0625/42". */
  paperCode: string;
  title: string;
  series: { short: 'F/M' | 'M/J' | 'O/N'; name: 'February/March' | 'May/June' | 'October/November'; year: number };
  durationMinutes: number;
  questions: QuestionSpec[];
  /** The sum of the questions' marks. */
  totalMarks: number;
  /** What the cover states (differs from totalMarks in a damaged paper). */
  statedTotal: number;
  /** Whether each question ends with a printed `[Total: n]`. */
  printedTotals: boolean;
  /** The mark scheme's Marks column: marking codes (B1, C1, A1) or plain numbers. */
  markStyle: 'codes' | 'numbers';
  /** Examiner comments grouped as printed: "Question 3", "Questions 5–6", "Question 7 and 8". */
  commentGroups: number[][];
  /** The question pages' geometry, which varies from paper to paper as it does between boards and years. */
  geometry: {
    /** The question numbers' x. */
    left: number;
    /** How far the question text, the parts and the sub-parts are each indented. */
    indent: number;
    /** The marks' right edge. */
    right: number;
    size: number;
    boldNumbers: boolean;
    /** Calculations end "speed = ........ m/s [2]" rather than with a plain answer line. */
    quantityLines: boolean;
  };
  damage: PaperDamage | null;
  /** For 'mark-scheme-disagrees': the question whose scheme differs, and by how much. */
  schemeChange: { question: number; by: number } | null;
}

export interface PaperOptions {
  /** 5–12 by default, from the seed. */
  questions?: number;
  damage?: PaperDamage | null;
  board?: 'cambridge' | 'edexcel';
  /** Make questions until the paper has about this many pages (for timing on a paper of a given length). */
  minimumPages?: number;
  /** The paper's identity, to match a variant of the library (by default drawn from the seed). */
  subject?: string;
  syllabus?: string;
  /** Component and variant: "42". */
  component?: string;
  series?: PaperSpec['series']['short'];
  year?: number;
}

const SUBJECTS = [
  { name: 'PHYSICS', syllabus: '0625', title: 'Theory (Extended)' },
  { name: 'CHEMISTRY', syllabus: '0620', title: 'Theory (Extended)' },
  { name: 'BIOLOGY', syllabus: '0610', title: 'Theory (Extended)' },
  { name: 'COMBINED SCIENCE', syllabus: '0653', title: 'Theory (Core)' },
  { name: 'PHYSICS', syllabus: '9702', title: 'Structured Questions' },
  { name: 'ENVIRONMENTAL MANAGEMENT', syllabus: '0680', title: 'Management in Context' },
] as const;
const SERIES = [
  { short: 'F/M', name: 'February/March' },
  { short: 'M/J', name: 'May/June' },
  { short: 'O/N', name: 'October/November' },
] as const;

const OBJECTS = [
  'metal block',
  'trolley',
  'spring',
  'filament lamp',
  'glass prism',
  'copper wire',
  'tennis ball',
  'electric kettle',
  'solar panel',
  'transformer',
  'simple pendulum',
  'beaker of water',
  'sample of gas',
  'wind turbine',
  'loudspeaker',
  'thermistor',
  'cyclist',
  'lift',
];
const QUANTITIES: ReadonlyArray<readonly [string, string]> = [
  ['mass', 'kg'],
  ['speed', 'm/s'],
  ['density', 'g/cm3'],
  ['temperature', '°C'],
  ['potential difference', 'V'],
  ['current', 'A'],
  ['energy transferred', 'J'],
  ['frequency', 'Hz'],
  ['pressure', 'Pa'],
  ['volume', 'cm3'],
  ['acceleration', 'm/s2'],
  ['power', 'W'],
  ['wavelength', 'm'],
  ['efficiency', '%'],
];
const CONCEPTS = [
  'specific heat capacity',
  'the principle of moments',
  'refraction',
  'half-life',
  'thermal conduction',
  'electromotive force',
  'momentum',
  'latent heat of fusion',
  'a longitudinal wave',
  'the critical angle',
  'an isotope',
  'terminal velocity',
];
const PLACES = ['laboratory', 'power station', 'hospital', 'kitchen', 'factory', 'school', 'greenhouse', 'car park'];
const CHANGES = [
  'increases when the temperature rises',
  'decreases as time passes',
  'stays constant during the experiment',
  'changes when the load is doubled',
  'falls to zero after a few seconds',
];
const REASONS = [
  'the reading on the meter is lower than expected',
  'the student repeats each measurement three times',
  'the results do not lie on a straight line',
  'the apparatus is placed on an insulating mat',
  'some energy is transferred to the surroundings',
];

const sentence = (random: Random, kind: number, object: string): string => {
  const [quantity, unit] = random.pick(QUANTITIES);
  switch (kind % 6) {
    case 0:
      return `A student investigates how the ${quantity} of a ${object} ${random.pick(CHANGES)}.`;
    case 1:
      return `The ${quantity} of the ${object} is ${random.int(2, 95)}.${random.int(0, 9)} ${unit}.`;
    case 2:
      return `The ${object} is used in a ${random.pick(PLACES)} where its ${quantity} is measured every ${random.int(2, 30)} minutes.`;
    case 3:
      return `Some of the energy supplied to the ${object} is wasted, so its ${quantity} ${random.pick(CHANGES)}.`;
    case 4:
      return `An engineer tests a ${object} before it is fitted in a ${random.pick(PLACES)}.`;
    default:
      return `The ${object} is connected to a ${random.pick(OBJECTS)} and left for ${random.int(2, 12)} hours.`;
  }
};

function partText(
  random: Random,
  marks: number,
  object: string,
): { text: string; unit: string | null; quantity?: string } {
  const [quantity, unit] = random.pick(QUANTITIES);
  if (marks >= 8) {
    return {
      text: `Discuss the advantages and disadvantages of using a ${object} in a ${random.pick(PLACES)}. In your answer, refer to its ${quantity} and to the cost of running it over ten years.`,
      unit: null,
    };
  }
  switch (random.int(0, 6)) {
    case 0:
      return { text: `State what is meant by ${random.pick(CONCEPTS)}.`, unit: null };
    case 1:
      return { text: `Calculate the ${quantity} of the ${object}.`, unit, quantity };
    case 2:
      return { text: `Explain why the ${quantity} of the ${object} ${random.pick(CHANGES)}.`, unit: null };
    case 3:
      return {
        text: `Describe how the student could measure the ${quantity} of the ${object} as accurately as possible.`,
        unit: null,
      };
    case 4:
      return { text: `Suggest one reason why ${random.pick(REASONS)}.`, unit: null };
    case 5:
      return {
        text: `Determine the ${quantity} of the ${object} when it has been running for one minute.`,
        unit,
        quantity,
      };
    default:
      return { text: `Name the type of energy stored in the ${object}.`, unit: null };
  }
}

const ANSWER_POINTS = [
  'correct substitution into the formula',
  'correct rearrangement',
  'final answer with correct unit',
  'energy is transferred to the surroundings',
  'particles vibrate more',
  'reading taken at eye level',
  'repeat and calculate an average',
  'the resultant force is zero',
  'wave slows down on entering glass',
  'resistance decreases as temperature rises',
  'any two valid points from the list',
];
function schemeLines(
  random: Random,
  marks: number,
  style: 'codes' | 'numbers',
): Array<{ text: string; value: number }> {
  if (style === 'numbers' || marks >= 8) {
    const lines = Array.from({ length: Math.min(4, Math.max(1, Math.ceil(marks / 2))) }, () => ({
      text: random.pick(ANSWER_POINTS),
      value: 0,
    }));
    lines[0]!.value = marks;
    return lines;
  }
  const lines: Array<{ text: string; value: number }> = [];
  let left = marks;
  while (left > 0) {
    const value = left >= 2 && random.chance(0.2) ? 2 : 1;
    lines.push({ text: random.pick(ANSWER_POINTS), value });
    left -= value;
  }
  return lines;
}

const COMMENTS = [
  'Most candidates answered this part well and gave the correct unit.',
  'Many candidates confused mass with weight and lost the second mark.',
  'Stronger candidates showed every step of their working clearly.',
  'Some candidates described the experiment but did not say what they would measure.',
  'A common error was to give the answer to one significant figure only.',
  'Candidates who drew a labelled diagram usually scored full marks.',
  'Weaker responses repeated the question without adding any physics.',
];

/** The content of one paper: the same seed gives the same paper. */
export function paperSpec(seed: number, options: PaperOptions = {}): PaperSpec {
  const random = new Random(seed);
  const board = options.board ?? 'cambridge';
  const drawn = random.pick(SUBJECTS);
  const known = SUBJECTS.find((candidate) => candidate.syllabus === options.syllabus) ?? drawn;
  const subject = { ...known, name: options.subject ?? known.name, syllabus: options.syllabus ?? known.syllabus };
  const drawnSeries = random.pick(SERIES);
  const series = SERIES.find((candidate) => candidate.short === options.series) ?? drawnSeries;
  const drawnYear = random.int(2017, 2025);
  const year = options.year ?? drawnYear;
  const drawnComponent = `${random.int(1, 6)}${random.int(1, 3)}`;
  const component = options.component ?? drawnComponent;
  const count = options.questions ?? 5 + (seed % 8);
  // Some papers carry larger marks (extended answers of ten marks and more, totals of a hundred and more).
  const large = random.chance(0.3);
  const questions: QuestionSpec[] = [];
  const target = options.minimumPages ?? 0;
  for (let number = 1; number <= count || estimatedPages(questions) < target; number++) {
    questions.push(questionSpec(random, number, large));
  }
  const totalMarks = questions.reduce((sum, question) => sum + question.marks, 0);
  const damage = options.damage ?? null;
  const markStyle = random.chance(0.5) ? 'codes' : 'numbers';
  for (const question of questions) {
    for (const leaf of question.leaves) leaf.scheme = schemeLines(random, leaf.marks, markStyle);
  }
  if (damage === 'number-skipped') {
    const from = random.int(2, questions.length);
    for (const question of questions) if (question.number >= from) question.printedNumber = question.number + 1;
  }
  let statedTotal = totalMarks;
  if (damage === 'marks-do-not-add-up') statedTotal = totalMarks + (random.chance(0.5) ? -1 : 1) * random.int(1, 5);
  let schemeChange: PaperSpec['schemeChange'] = null;
  if (damage === 'mark-scheme-disagrees') {
    const question = random.pick(questions);
    const leaf = question.leaves[question.leaves.length - 1]!;
    const by = leaf.marks > 1 && random.chance(0.5) ? -1 : 1;
    const line = leaf.scheme.find((candidate) => candidate.value > 0)!;
    if (by < 0 && line.value === 1) leaf.scheme.splice(leaf.scheme.indexOf(line), 1);
    else if (by < 0) line.value -= 1;
    else leaf.scheme.push({ text: random.pick(ANSWER_POINTS), value: 1 });
    schemeChange = { question: question.number, by };
  }
  const commentGroups: number[][] = [];
  for (let n = 1; n <= questions.length; n++) {
    const together =
      n < questions.length && random.chance(0.15) ? random.int(2, Math.min(3, questions.length - n + 1)) : 1;
    commentGroups.push(Array.from({ length: together }, (_, i) => n + i));
    n += together - 1;
  }
  return {
    seed,
    board,
    subject: subject.name,
    syllabus: board === 'cambridge' ? subject.syllabus : '4PH1',
    component,
    paperCode: board === 'cambridge' ? `${subject.syllabus}/${component}` : `4PH1/${component[0]}P`,
    title: board === 'cambridge' ? `Paper ${component[0]} ${subject.title}` : `Paper ${component[0]}P`,
    series: { ...series, year },
    durationMinutes: random.pick([45, 60, 75, 90, 105, 120, 135, 150]),
    questions,
    totalMarks,
    statedTotal,
    printedTotals: board === 'cambridge' && random.chance(0.6),
    geometry: {
      left: random.pick([42, 50, 56]),
      indent: random.pick([22, 28, 34]),
      right: random.pick([535, 545, 552]),
      size: random.pick([10, 11, 11, 12]),
      boldNumbers: random.chance(0.8),
      quantityLines: random.chance(0.5),
    },
    markStyle,
    commentGroups,
    damage,
    schemeChange,
  };
}

function questionSpec(random: Random, number: number, large: boolean): QuestionSpec {
  const object = random.pick(OBJECTS);
  const stemSentences = random.chance(0.15) ? 0 : random.int(1, 3);
  const stem = Array.from({ length: stemSentences }, (_, i) => sentence(random, random.int(0, 5) + i, object));
  const figure: FigureSpec | null = random.chance(0.35)
    ? {
        width: random.int(200, 380),
        height: random.int(110, 230),
        labels: random.chance(0.5) ? ['0', '10', '20', '30'] : ['A', 'B', `${random.int(2, 9)}.0 cm`],
        kind: random.chance(0.5) ? 'graph' : 'apparatus',
      }
    : null;
  if (figure) stem.push(`Fig. ${number}.1 shows the ${object} and the apparatus used.`);
  const table = random.chance(0.2)
    ? {
        header: ['trial', 'time / s', 'distance / m'],
        rows: Array.from({ length: random.int(3, 5) }, (_, i) => [
          String(i + 1),
          `${random.int(1, 9)}.${random.int(0, 9)}`,
          `${random.int(10, 99)}`,
        ]),
      }
    : null;
  if (table) stem.push(`Table ${number}.1 shows the student's results.`);
  const leaves: LeafSpec[] = [];
  // At most one extended answer (8–15 marks) per question, in papers of larger marks.
  let extended = large && random.chance(0.5);
  const mark = (): number => {
    if (extended && random.chance(0.4)) {
      extended = false;
      return random.int(8, 15);
    }
    return random.int(1, large ? 6 : 4);
  };
  const leaf = (label: string, partIntro: string | null): LeafSpec => {
    const marks = mark();
    const { text, unit, quantity } = partText(random, marks, object);
    const answerLines = marks >= 8 ? random.int(6, 10) : random.int(1, Math.min(4, marks + 1));
    return { label, partIntro, text, marks, answerLines, unit, quantity: quantity ?? null, scheme: [] };
  };
  if (random.chance(0.12)) {
    leaves.push(leaf('', null));
  } else {
    const parts = random.int(1, 4);
    for (let p = 0; p < parts; p++) {
      const letter = 'abcdefgh'[p]!;
      if (random.chance(0.3)) {
        const subparts = random.int(2, 3);
        const intro = random.chance(0.6) ? sentence(random, random.int(0, 5), object) : null;
        for (let s = 0; s < subparts; s++)
          leaves.push(leaf(`(${letter})(${['i', 'ii', 'iii'][s]!})`, s === 0 ? intro : null));
      } else {
        leaves.push(leaf(`(${letter})`, null));
      }
    }
  }
  return {
    number,
    printedNumber: number,
    stem,
    figure,
    table,
    leaves,
    marks: leaves.reduce((sum, one) => sum + one.marks, 0),
    comments: Array.from({ length: random.int(1, 3) }, () => random.pick(COMMENTS)),
  };
}

/** A rough page count, to grow a paper to a given length. */
function estimatedPages(questions: readonly QuestionSpec[]): number {
  const points = questions.reduce(
    (sum, question) =>
      sum +
      40 +
      question.stem.length * 30 +
      (question.figure ? question.figure.height + 40 : 0) +
      (question.table ? 100 : 0) +
      question.leaves.reduce((inner, leaf) => inner + 40 + leaf.answerLines * 24, 0),
    0,
  );
  return 1 + Math.ceil(points / 650);
}
