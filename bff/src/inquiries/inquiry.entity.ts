import { Check, Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A contact inquiry sent from the public contact page. */
@Entity({ name: 'inquiries' })
@Index('inquiries_status_created_idx', ['status', 'createdAt'])
@Index('inquiries_created_idx', { synchronize: false }) // (created_at DESC, id DESC)
@Check('inquiries_status_check', "status IN ('new', 'in_progress', 'resolved')")
export class Inquiry {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 300 })
  subject!: string;

  @Column({ type: 'text' })
  message!: string;

  @Column({ type: 'varchar', length: 20, default: 'new' })
  status!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
