import { ApiProperty } from '@nestjs/swagger';
import { LEVELS, SESSIONS } from '../common/domain-values';

export const SEARCH_DOCUMENT_TYPES = ['question-paper', 'mark-scheme', 'examiner-report'] as const;
export type SearchDocumentType = (typeof SEARCH_DOCUMENT_TYPES)[number];

/** One document that matches: where it belongs, and for a match inside its text, the best page and a snippet. */
export class SearchResultView {
  @ApiProperty()
  paper_id!: number;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Null for a mark scheme or examiner report added on its own',
  })
  variant_id!: number | null;

  @ApiProperty()
  subject_name!: string;

  @ApiProperty()
  subject_code!: string;

  @ApiProperty({ enum: LEVELS })
  level!: string;

  @ApiProperty()
  year!: number;

  @ApiProperty()
  session!: string;

  @ApiProperty({ type: String, nullable: true, description: "The variant's name, or 'Paper {paper number}'" })
  variant_name!: string | null;

  @ApiProperty({ enum: SEARCH_DOCUMENT_TYPES })
  document_type!: SearchDocumentType;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The best matching page (from 1) for a match inside the text',
  })
  page!: number | null;

  @ApiProperty({
    type: [String],
    description:
      'For a hit inside a question paper split into questions: the question it is in, or (when one question ends on the page and the next starts below its head) the questions of that page; empty otherwise',
  })
  questions!: string[];

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The text around the match: matched words in <mark>…</mark>, everything else HTML-escaped',
  })
  snippet!: string | null;

  @ApiProperty({ description: 'Higher is better' })
  score!: number;

  @ApiProperty({
    description: 'Opens the document in the browser (a download link relative to the API base, with inline=1)',
  })
  file_url!: string;

  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'The id of a mark scheme or examiner report added on its own (its own download link); null for a variant document',
  })
  linked_document_id!: number | null;
}

export class SearchFacetView {
  @ApiProperty({ description: 'The filter value (level, subject code, year, session or document type)' })
  value!: string;

  @ApiProperty({ description: 'What to show' })
  label!: string;

  @ApiProperty()
  count!: number;
}

export class SearchFacetsView {
  @ApiProperty({ type: [SearchFacetView] })
  levels!: SearchFacetView[];

  @ApiProperty({ type: [SearchFacetView] })
  subjects!: SearchFacetView[];

  @ApiProperty({ type: [SearchFacetView] })
  years!: SearchFacetView[];

  @ApiProperty({ type: [SearchFacetView] })
  sessions!: SearchFacetView[];

  @ApiProperty({ type: [SearchFacetView] })
  document_types!: SearchFacetView[];
}

export class InterpretedSubjectView {
  @ApiProperty()
  code!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ enum: LEVELS })
  level!: string;
}

export class SearchCorrectionView {
  @ApiProperty({ description: 'As typed' })
  from!: string;

  @ApiProperty({ description: 'What it was read as' })
  to!: string;
}

/** What the query was understood as. */
export class InterpretedQueryView {
  @ApiProperty({ description: 'The query as received' })
  query!: string;

  @ApiProperty({
    type: [InterpretedSubjectView],
    description: 'Subjects named by code, name, short form, words of their name or a typo',
  })
  subjects!: InterpretedSubjectView[];

  @ApiProperty({ enum: LEVELS, isArray: true })
  levels!: string[];

  @ApiProperty({ type: Number, nullable: true })
  year!: number | null;

  @ApiProperty({ type: String, nullable: true, description: SESSIONS.join(', ') })
  session!: string | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Component or paper number ("12" → 1)' })
  paper!: number | null;

  @ApiProperty({ type: Number, nullable: true, description: 'Cambridge variant ("12" → 2)' })
  variant!: number | null;

  @ApiProperty({ type: String, nullable: true, description: "The variant name it stands for ('Paper 12')" })
  variant_name!: string | null;

  @ApiProperty({ type: String, nullable: true, description: SEARCH_DOCUMENT_TYPES.join(', ') })
  document_type!: SearchDocumentType | null;

  @ApiProperty({ type: [String], description: "Words looked for inside the documents' text" })
  words!: string[];

  @ApiProperty({ type: [SearchCorrectionView], description: 'Typos read as what they most resemble' })
  corrections!: SearchCorrectionView[];

  @ApiProperty({
    type: [String],
    description:
      'Parts of the query left out because nothing matched all of it (paper, document_type, session, year, all_words), and words left out in quotes (“xyzzy”: found on no page and in no subject name, or, when nothing matched with them, every word)',
  })
  relaxed!: string[];
}

export class SearchAnswerView {
  @ApiProperty({ type: [SearchResultView] })
  results!: SearchResultView[];

  @ApiProperty({ description: 'Matching documents in all pages' })
  total!: number;

  @ApiProperty()
  page!: number;

  @ApiProperty()
  limit!: number;

  @ApiProperty({ type: SearchFacetsView, description: 'Counts of the matching documents per filter value' })
  facets!: SearchFacetsView;

  @ApiProperty({ type: InterpretedQueryView })
  interpreted!: InterpretedQueryView;

  @ApiProperty({ type: [String], description: 'Other queries to try when nothing matched (spelling corrections)' })
  suggestions!: string[];
}
