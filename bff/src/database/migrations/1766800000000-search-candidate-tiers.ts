import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A word query's cost bounded whatever the word.
 *
 * A word query ranks at most SEARCH_MAX_CANDIDATES pages, but GIN answers a bitmap scan only after reading the
 * word's whole posting list: a word on one page in ten of 300,000 costs 30,000 entries before the first candidate
 * (and "question", on every page, 300,000). Two partial GIN indexes hold the same tsvectors for a fixed slice of the
 * documents (one in 256, one in 16): the search takes its candidates from the smallest slice first and reads a wider
 * one only while it has too few (search.queries.ts, `candidatePages`), so a common word reads 1/256 of its posting
 * list and a rare word, with few entries anyway, all of them. Slices by document id, so that a document's pages stay
 * together. The full index stays: it is the last slice, and every filter on the pages' words uses it.
 */
export class SearchCandidateTiers1766800000000 implements MigrationInterface {
  name = 'SearchCandidateTiers1766800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX document_pages_tsv_256_idx ON document_pages USING gin (tsv) WHERE document_text_id % 256 = 0`,
    );
    await q.query(
      `CREATE INDEX document_pages_tsv_16_idx ON document_pages USING gin (tsv) WHERE document_text_id % 16 = 0`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX document_pages_tsv_16_idx`);
    await q.query(`DROP INDEX document_pages_tsv_256_idx`);
  }
}
