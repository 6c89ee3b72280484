import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Key/value facts about this database (e.g. which seed steps have run). */
@Entity({ name: 'app_meta' })
export class AppMeta {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  key!: string;

  @Column({ type: 'text' })
  value!: string;
}
