import { Entity, Index, PrimaryColumn } from 'typeorm';

/** A word met in some document: what "did you mean" suggestions are chosen from (trigram similarity). */
@Entity({ name: 'search_words' })
@Index('search_words_trgm_idx', { synchronize: false }) // USING gin (word gin_trgm_ops)
export class SearchWord {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  word!: string;
}
