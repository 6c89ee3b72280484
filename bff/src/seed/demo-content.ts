/** Demo content: enough to make every public and admin screen meaningful on a first start. */

export interface DemoSubject {
  name: string;
  code: string;
  level: string;
  description: string;
}

export const DEMO_SUBJECTS: DemoSubject[] = [
  {
    name: 'Mathematics',
    code: '0580',
    level: 'cambridge-igcse',
    description: 'Cambridge IGCSE Mathematics: number, algebra, geometry, statistics and probability.',
  },
  {
    name: 'Physics',
    code: '0625',
    level: 'cambridge-igcse',
    description: 'Cambridge IGCSE Physics: motion, forces, energy, waves, electricity and atomic physics.',
  },
  {
    name: 'Chemistry',
    code: '0620',
    level: 'cambridge-igcse',
    description: 'Cambridge IGCSE Chemistry: the particulate nature of matter, reactions and organic chemistry.',
  },
  {
    name: 'Biology',
    code: '0610',
    level: 'cambridge-igcse',
    description: 'Cambridge IGCSE Biology: cells, organisms, ecosystems and human biology.',
  },
  {
    name: 'Computer Science',
    code: '0478',
    level: 'cambridge-igcse',
    description: 'Cambridge IGCSE Computer Science: data, hardware, software, algorithms and programming.',
  },
  {
    name: 'Mathematics D',
    code: '4024',
    level: 'cambridge-o-levels',
    description: 'Cambridge O Level Mathematics (Syllabus D).',
  },
  { name: 'Physics', code: '5054', level: 'cambridge-o-levels', description: 'Cambridge O Level Physics.' },
  { name: 'Chemistry', code: '5070', level: 'cambridge-o-levels', description: 'Cambridge O Level Chemistry.' },
  {
    name: 'Mathematics',
    code: '9709',
    level: 'cambridge-a-levels',
    description: 'Cambridge International AS & A Level Mathematics: pure mathematics, mechanics and statistics.',
  },
  {
    name: 'Biology',
    code: '9700',
    level: 'cambridge-a-levels',
    description: 'Cambridge International AS & A Level Biology.',
  },
  {
    name: 'Economics',
    code: '9708',
    level: 'cambridge-a-levels',
    description: 'Cambridge International AS & A Level Economics.',
  },
  {
    name: 'Mathematics A',
    code: '4MA1',
    level: 'edexcel-igcse',
    description: 'Pearson Edexcel International GCSE Mathematics A.',
  },
  {
    name: 'Chemistry',
    code: '4CH1',
    level: 'edexcel-igcse',
    description: 'Pearson Edexcel International GCSE Chemistry.',
  },
  {
    name: 'Physics',
    code: 'WPH11',
    level: 'edexcel-a-levels',
    description: 'Pearson Edexcel International A Level Physics, Unit 1: Mechanics and Materials.',
  },
  {
    name: 'Mathematics',
    code: 'CBC-PM6',
    level: 'cbc-primary',
    description: 'CBC Grade 6 Mathematics assessment papers.',
  },
  {
    name: 'Integrated Science',
    code: 'CBC-JS9',
    level: 'cbc-secondary',
    description: 'CBC Junior Secondary Grade 9 Integrated Science.',
  },
  {
    name: 'Business Studies',
    code: 'VOC-BUS',
    level: 'vocational',
    description: 'Vocational certificate in business: enterprise, finance and marketing.',
  },
];

export interface DemoPaper {
  subjectCode: string;
  year: number;
  session: string;
  variants: number;
  /** Variants carry a mark scheme... */
  withMarkSchemes: boolean;
  /** ...and some an examiner report. */
  withExaminerReports: boolean;
}

const SESSIONS = ['Feb/March', 'May/June', 'Oct/Nov'] as const;
const YEARS = [2021, 2022, 2023, 2024, 2025] as const;

/** Three papers per subject, spread deterministically over years and all three sessions. */
export const DEMO_PAPERS: DemoPaper[] = DEMO_SUBJECTS.flatMap((subject, s) =>
  [0, 1, 2].map((k) => {
    const n = s * 3 + k;
    return {
      subjectCode: subject.code,
      year: YEARS[(s + k * 2) % YEARS.length]!,
      session: SESSIONS[(s + k) % SESSIONS.length]!,
      variants: (n % 3) + 1,
      withMarkSchemes: n % 5 !== 4,
      withExaminerReports: n % 3 === 0,
    };
  }),
);

export interface DemoFaq {
  question: string;
  answer: string;
  category: string;
}

export const DEMO_FAQS: DemoFaq[] = [
  {
    category: 'General',
    question: 'What is Past Paper Library?',
    answer:
      'Past Paper Library is a free collection of past exam papers, mark schemes and examiner reports for Cambridge, Edexcel, CBC and vocational qualifications.',
  },
  {
    category: 'General',
    question: 'Do I need an account to download papers?',
    answer: 'No. Every past paper, mark scheme and examiner report can be viewed and downloaded without signing in.',
  },
  {
    category: 'General',
    question: 'Which exam boards do you cover?',
    answer:
      'We cover <strong>Cambridge</strong> (O Level, IGCSE, AS &amp; A Level), <strong>Edexcel</strong> (International GCSE and A Level), the Kenyan CBC for primary and secondary, and selected vocational qualifications.',
  },
  {
    category: 'Papers',
    question: 'How should I use past papers to revise?',
    answer:
      'Start with a recent paper under timed conditions.\nMark it with the mark scheme, then read the examiner report to see where candidates commonly lose marks.',
  },
  {
    category: 'Papers',
    question: 'What do the sessions Feb/March, May/June and Oct/Nov mean?',
    answer:
      'They are the exam series in which the paper was sat. Many subjects have different variants of the paper in each series.',
  },
  {
    category: 'Papers',
    question: 'What is a paper variant?',
    answer:
      'Large exams are set in several variants (for example Paper 1, Paper 2) taken in different time zones. Each variant has its own mark scheme.',
  },
  {
    category: 'Papers',
    question: 'Why is a mark scheme missing for some papers?',
    answer: 'Some boards publish mark schemes later than the papers. We add them as soon as they are released.',
  },
  {
    category: 'Contact',
    question: 'How can I contact the team?',
    answer:
      'Use the form on the <a href="/contact">Contact page</a>, or email us. We reply within 24 hours on working days.',
  },
  {
    category: 'Contact',
    question: 'Can I request a paper that is not in the library?',
    answer: 'Yes. Send us the subject, code, year and session through the contact form and we will look for it.',
  },
  {
    category: 'Contact',
    question: 'I found a mistake in a document. What should I do?',
    answer: 'Tell us through the contact form which document it is and what is wrong. We check every report.',
  },
  {
    category: 'Technical',
    question: 'The PDF does not open on my phone. What can I do?',
    answer:
      "Use the Download link and open the file with your phone's PDF viewer. Very old browsers may not display PDFs inline.",
  },
  {
    category: 'Technical',
    question: 'Can I print the papers?',
    answer: 'Yes. All documents are standard PDF files and print on A4 paper.',
  },
];

export const DEMO_CONTACT = {
  siteDescription: 'Past papers, mark schemes and examiner reports for Cambridge, Edexcel, CBC and vocational exams.',
  contactEmail: 'help@pastpaperlibrary.example',
  supportPhone: '+254 700 000 000',
  liveChatHours: 'Monday to Friday, 8:00 to 18:00 EAT',
  officeAddress: 'Past Paper Library, 1 Learning Lane, Nairobi, Kenya',
  notificationEmail: 'notifications@pastpaperlibrary.example',
};
