/**
 * The words inside the demo documents: a question paper, its mark scheme and its examiner report share the same
 * questions (each part's text, marks, mark-scheme answer and the examiners' comment). Written per subject family
 * so that search and the reader have real, varied text to work with; `demo-paper-spec.ts` lays them out as a
 * Cambridge paper.
 */
export type DemoDocumentKind = 'Question Paper' | 'Mark Scheme' | 'Examiner Report';

export interface DemoDocumentAbout {
  kind: DemoDocumentKind;
  subject: string;
  code: string;
  year: number;
  session: string;
  variant: string;
}

export interface DemoQuestion {
  topic: string;
  parts: Array<{ text: string; marks: number; answer: string }>;
  comment: string;
}

const BANKS: Record<string, DemoQuestion[]> = {
  mathematics: [
    {
      topic: 'Number',
      parts: [
        { text: 'Write 0.000 456 in standard form.', marks: 1, answer: '4.56 × 10^-4' },
        { text: 'Find the highest common factor of 84 and 126.', marks: 2, answer: '42 (M1 for prime factors)' },
      ],
      comment: 'Standard form was well known; some candidates gave 45.6 × 10^-5, which is not in standard form.',
    },
    {
      topic: 'Algebra',
      parts: [
        { text: 'Solve the simultaneous equations 3x + 2y = 12 and x - y = -1.', marks: 3, answer: 'x = 2, y = 3' },
        { text: 'Factorise completely 6x^2 - 24.', marks: 2, answer: '6(x - 2)(x + 2)' },
      ],
      comment: 'Elimination was the most successful method. Incomplete factorisation, 6(x^2 - 4), lost a mark.',
    },
    {
      topic: 'Geometry',
      parts: [
        { text: 'Calculate the interior angle of a regular hexagon.', marks: 2, answer: '120°' },
        {
          text: 'A chord of length 10 cm is 12 cm from the centre of a circle. Find the radius.',
          marks: 3,
          answer: '13 cm (Pythagoras M1)',
        },
      ],
      comment: 'Many candidates drew a helpful diagram for the chord question; those who did not often lost their way.',
    },
    {
      topic: 'Trigonometry',
      parts: [
        {
          text: 'In triangle ABC, AB = 8 cm, angle C = 90° and angle A = 35°. Find BC.',
          marks: 2,
          answer: '4.59 cm (8 sin 35°)',
        },
        {
          text: 'Use the cosine rule to find the third side when two sides are 7 cm and 9 cm with 60° between them.',
          marks: 3,
          answer: '8.19 cm',
        },
      ],
      comment: 'Calculators left in radian mode were the commonest cause of lost marks.',
    },
    {
      topic: 'Statistics',
      parts: [
        { text: 'Find the median of 3, 7, 8, 12, 15, 15, 21.', marks: 1, answer: '12' },
        {
          text: 'Estimate the mean from the grouped frequency table.',
          marks: 4,
          answer: 'midpoints used M1; sum of fx ÷ sum of f M1; 23.4 A2',
        },
      ],
      comment: 'Candidates who used the class boundaries instead of the midpoints could score at most one mark.',
    },
    {
      topic: 'Probability',
      parts: [
        { text: 'Two fair dice are thrown. Find the probability that the total is 7.', marks: 2, answer: '1/6' },
        {
          text: 'Complete the tree diagram for two draws without replacement.',
          marks: 3,
          answer: 'second-branch probabilities 4/9 and 5/9',
        },
      ],
      comment: 'Treating draws without replacement as independent was a frequent misconception.',
    },
  ],
  physics: [
    {
      topic: 'Motion',
      parts: [
        {
          text: 'A car accelerates uniformly from rest to 24 m/s in 8.0 s. Calculate its acceleration.',
          marks: 2,
          answer: '3.0 m/s^2 (a = change in v / t)',
        },
        {
          text: 'Determine the distance travelled from the area under the speed–time graph.',
          marks: 2,
          answer: '96 m',
        },
      ],
      comment: 'Most candidates found the acceleration; the area under the graph was often calculated as a rectangle.',
    },
    {
      topic: 'Forces',
      parts: [
        { text: 'State Newton’s second law of motion.', marks: 1, answer: 'resultant force = mass × acceleration' },
        {
          text: 'Explain why a parachutist reaches terminal velocity.',
          marks: 3,
          answer: 'air resistance increases with speed; equals weight; resultant force zero',
        },
      ],
      comment: 'Explanations of terminal velocity improved, but many omitted that the resultant force becomes zero.',
    },
    {
      topic: 'Energy',
      parts: [
        {
          text: 'A 2.0 kg ball is lifted through 1.5 m. Calculate the gain in gravitational potential energy.',
          marks: 2,
          answer: '29 J (mgh with g = 9.8)',
        },
        {
          text: 'Suggest why the efficiency of a motor is less than 100%.',
          marks: 2,
          answer: 'energy dissipated as heat (friction, resistance)',
        },
      ],
      comment: 'Answers that said energy is "lost" without saying where were not credited.',
    },
    {
      topic: 'Waves',
      parts: [
        { text: 'A wave has frequency 50 Hz and wavelength 6.8 m. Calculate its speed.', marks: 2, answer: '340 m/s' },
        {
          text: 'Describe the difference between transverse and longitudinal waves.',
          marks: 2,
          answer: 'oscillation perpendicular vs parallel to direction of travel',
        },
      ],
      comment: 'The wave equation was well applied; descriptions of longitudinal waves were sometimes vague.',
    },
    {
      topic: 'Electricity',
      parts: [
        {
          text: 'Calculate the combined resistance of 6.0 ohms and 3.0 ohms in parallel.',
          marks: 2,
          answer: '2.0 ohms',
        },
        {
          text: 'Explain why the current in a filament lamp is not proportional to the voltage.',
          marks: 2,
          answer: 'temperature rises; resistance increases',
        },
      ],
      comment: 'Adding parallel resistances directly (9 ohms) remains a common error.',
    },
    {
      topic: 'Atomic physics',
      parts: [
        {
          text: 'State what is meant by the half-life of a radioactive isotope.',
          marks: 1,
          answer: 'time for half the nuclei to decay',
        },
        {
          text: 'A sample’s activity falls from 800 Bq to 100 Bq in 24 hours. Find the half-life.',
          marks: 2,
          answer: '8 hours (three half-lives)',
        },
      ],
      comment: 'Half-life was well defined; a minority divided 24 hours by 800 ÷ 100.',
    },
  ],
  chemistry: [
    {
      topic: 'Atomic structure',
      parts: [
        {
          text: 'State the number of protons, neutrons and electrons in an atom of chlorine-37.',
          marks: 2,
          answer: '17, 20, 17',
        },
        {
          text: 'Explain why isotopes have the same chemical properties.',
          marks: 2,
          answer: 'same electron configuration',
        },
      ],
      comment: 'Neutron numbers were usually right; the explanation for isotopes needed the word "electrons".',
    },
    {
      topic: 'Bonding',
      parts: [
        {
          text: 'Draw a dot-and-cross diagram for a molecule of methane.',
          marks: 2,
          answer: 'four shared pairs around carbon',
        },
        {
          text: 'Explain why sodium chloride has a high melting point.',
          marks: 3,
          answer: 'giant ionic lattice; strong electrostatic attraction; much energy needed',
        },
      ],
      comment: 'References to "strong bonds" without naming the attraction between ions were not enough.',
    },
    {
      topic: 'Stoichiometry',
      parts: [
        { text: 'Calculate the relative formula mass of calcium carbonate.', marks: 1, answer: '100' },
        {
          text: 'Calculate the mass of carbon dioxide made when 25 g of calcium carbonate is heated.',
          marks: 3,
          answer: '11 g (moles M1, ratio M1, mass A1)',
        },
      ],
      comment: 'Mole calculations were stronger than in previous sessions.',
    },
    {
      topic: 'Rates of reaction',
      parts: [
        {
          text: 'Describe how increasing temperature affects the rate of reaction.',
          marks: 3,
          answer: 'particles faster; more frequent collisions; more exceed activation energy',
        },
        {
          text: 'Explain the effect of a catalyst.',
          marks: 2,
          answer: 'alternative pathway with lower activation energy',
        },
      ],
      comment: 'Collision theory was well understood; activation energy was often missing.',
    },
    {
      topic: 'Organic chemistry',
      parts: [
        { text: 'Name the homologous series that contains ethene.', marks: 1, answer: 'alkenes' },
        {
          text: 'Describe a test to distinguish an alkane from an alkene.',
          marks: 2,
          answer: 'bromine water decolourised by the alkene',
        },
      ],
      comment: 'Answers that said bromine water "goes clear" were not credited: it becomes colourless.',
    },
    {
      topic: 'Electrolysis',
      parts: [
        {
          text: 'Predict the product at the cathode when concentrated sodium chloride solution is electrolysed.',
          marks: 1,
          answer: 'hydrogen',
        },
        { text: 'Write the half-equation at the anode.', marks: 2, answer: '2Cl- -> Cl2 + 2e-' },
      ],
      comment: 'Half-equations were frequently unbalanced for charge.',
    },
  ],
  biology: [
    {
      topic: 'Cells',
      parts: [
        {
          text: 'Name two structures found in plant cells but not in animal cells.',
          marks: 2,
          answer: 'cell wall; chloroplast; large permanent vacuole (any two)',
        },
        {
          text: 'Explain the function of mitochondria.',
          marks: 2,
          answer: 'site of aerobic respiration; release energy',
        },
      ],
      comment: 'Candidates should avoid saying mitochondria "make energy".',
    },
    {
      topic: 'Enzymes',
      parts: [
        {
          text: 'Describe the effect of temperature on enzyme activity.',
          marks: 3,
          answer: 'increases to optimum; denatured above; active site changes shape',
        },
        { text: 'Suggest why enzymes are specific.', marks: 2, answer: 'active site complementary to one substrate' },
      ],
      comment: 'Denaturation was well described; a few still wrote that enzymes are "killed".',
    },
    {
      topic: 'Photosynthesis',
      parts: [
        { text: 'Write the balanced equation for photosynthesis.', marks: 2, answer: '6CO2 + 6H2O -> C6H12O6 + 6O2' },
        {
          text: 'Explain why the rate levels off at high light intensity.',
          marks: 2,
          answer: 'another factor limiting: carbon dioxide or temperature',
        },
      ],
      comment: 'Limiting factors were generally understood and well applied to the graph.',
    },
    {
      topic: 'Transport',
      parts: [
        {
          text: 'Describe the role of xylem in a plant.',
          marks: 2,
          answer: 'transports water and mineral ions; support',
        },
        {
          text: 'Explain how the structure of red blood cells suits their function.',
          marks: 3,
          answer: 'biconcave; no nucleus; haemoglobin',
        },
      ],
      comment: 'Confusion between xylem and phloem persists in weaker scripts.',
    },
    {
      topic: 'Inheritance',
      parts: [
        { text: 'Define the term allele.', marks: 1, answer: 'a version of a gene' },
        {
          text: 'Use a genetic diagram to show the cross between two heterozygous parents.',
          marks: 4,
          answer: 'gametes shown; Punnett square; 3:1 ratio',
        },
      ],
      comment: 'Genetic diagrams were well set out; gametes were sometimes left out.',
    },
    {
      topic: 'Ecology',
      parts: [
        {
          text: 'Explain why energy is lost between trophic levels.',
          marks: 3,
          answer: 'respiration; excretion; uneaten parts',
        },
        {
          text: 'Suggest one effect of deforestation on the carbon cycle.',
          marks: 2,
          answer: 'less photosynthesis; more carbon dioxide in the atmosphere',
        },
      ],
      comment: 'Good answers named specific processes rather than saying energy is "used up".',
    },
  ],
  computing: [
    {
      topic: 'Data representation',
      parts: [
        { text: 'Convert the denary number 156 into an 8-bit binary number.', marks: 1, answer: '10011100' },
        { text: 'Convert the hexadecimal value 2F into denary.', marks: 1, answer: '47' },
      ],
      comment: 'Binary conversion was excellent; hexadecimal to denary was less secure.',
    },
    {
      topic: 'Hardware',
      parts: [
        {
          text: 'Describe the purpose of the program counter.',
          marks: 2,
          answer: 'holds the address of the next instruction',
        },
        { text: 'Explain one difference between RAM and ROM.', marks: 2, answer: 'RAM volatile, ROM non-volatile' },
      ],
      comment: 'Registers of the fetch–execute cycle were confused in some scripts.',
    },
    {
      topic: 'Algorithms',
      parts: [
        {
          text: 'Complete the trace table for the bubble sort of 5, 3, 8, 1.',
          marks: 4,
          answer: 'passes shown; final 1, 3, 5, 8',
        },
        {
          text: 'State one advantage of a binary search over a linear search.',
          marks: 1,
          answer: 'fewer comparisons on a sorted list',
        },
      ],
      comment: 'Trace tables were often incomplete after the first pass.',
    },
    {
      topic: 'Programming',
      parts: [
        {
          text: 'Write pseudocode to input ten numbers and output their total.',
          marks: 4,
          answer: 'loop ten times; input; running total; output',
        },
        { text: 'Identify one validation check for an age input.', marks: 1, answer: 'range check' },
      ],
      comment: 'Candidates who initialised the total inside the loop lost a mark.',
    },
    {
      topic: 'Networks',
      parts: [
        { text: 'Describe the role of a router.', marks: 2, answer: 'forwards data packets between networks' },
        {
          text: 'Explain why data is split into packets.',
          marks: 2,
          answer: 'packets take different routes; resent individually',
        },
      ],
      comment: 'Answers on packet switching were good.',
    },
    {
      topic: 'Security',
      parts: [
        { text: 'Describe what is meant by phishing.', marks: 2, answer: 'fake messages to obtain personal data' },
        {
          text: 'Explain how a firewall protects a network.',
          marks: 2,
          answer: 'monitors and blocks traffic by rules',
        },
      ],
      comment: 'Phishing and pharming were sometimes confused.',
    },
  ],
  economics: [
    {
      topic: 'Demand and supply',
      parts: [
        {
          text: 'Explain two factors that could shift the demand curve for coffee to the right.',
          marks: 4,
          answer: 'rise in income; fall in price of complements (any two, explained)',
        },
        {
          text: 'Draw a diagram to show the effect on equilibrium price.',
          marks: 2,
          answer: 'demand shifts right; price and quantity rise',
        },
      ],
      comment: 'Diagrams were accurate; movements along and shifts of curves were sometimes confused.',
    },
    {
      topic: 'Elasticity',
      parts: [
        {
          text: 'Calculate the price elasticity of demand when price rises by 10% and quantity falls by 25%.',
          marks: 2,
          answer: '-2.5',
        },
        {
          text: 'Explain the significance of the result for a firm’s revenue.',
          marks: 3,
          answer: 'elastic; a price rise reduces the firm’s revenue',
        },
      ],
      comment: 'Candidates should state the sign and interpret the value.',
    },
    {
      topic: 'Market failure',
      parts: [
        {
          text: 'Define a negative externality.',
          marks: 2,
          answer: 'cost to a third party not paid by the producer or consumer',
        },
        {
          text: 'Discuss whether a tax is the best way to reduce pollution.',
          marks: 6,
          answer: 'level-of-response: analysis and evaluation',
        },
      ],
      comment: 'The best answers weighed taxes against regulation and tradable permits.',
    },
    {
      topic: 'Macroeconomics',
      parts: [
        { text: 'Explain two causes of inflation.', marks: 4, answer: 'demand-pull; cost-push (explained)' },
        { text: 'Assess the effect of higher interest rates on unemployment.', marks: 6, answer: 'level-of-response' },
      ],
      comment: 'Chains of reasoning were often incomplete.',
    },
    {
      topic: 'International trade',
      parts: [
        {
          text: 'Explain the principle of comparative advantage.',
          marks: 3,
          answer: 'lower opportunity cost; specialise and trade',
        },
        { text: 'Discuss the effects of a tariff on consumers.', marks: 4, answer: 'higher prices; less choice' },
      ],
      comment: 'Absolute and comparative advantage were frequently confused.',
    },
    {
      topic: 'Firms',
      parts: [
        {
          text: 'Distinguish between fixed and variable costs.',
          marks: 2,
          answer: 'fixed do not change with output; variable do',
        },
        { text: 'Explain one economy of scale.', marks: 2, answer: 'bulk buying, technical, financial (explained)' },
      ],
      comment: 'Generally well answered.',
    },
  ],
};

/** Which question bank a subject uses, by its name. */
export function demoQuestions(subject: string): DemoQuestion[] {
  const name = subject.toLowerCase();
  if (name.includes('physics')) return BANKS.physics!;
  if (name.includes('chemistry')) return BANKS.chemistry!;
  if (name.includes('biology') || name.includes('science')) return BANKS.biology!;
  if (name.includes('computer')) return BANKS.computing!;
  if (name.includes('economics') || name.includes('business')) return BANKS.economics!;
  return BANKS.mathematics!;
}
