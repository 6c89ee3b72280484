import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A proxy's request id whose download or view was counted (see FileSenderService.count). */
@Entity({ name: 'counted_requests' })
@Index('counted_requests_at_idx', ['countedAt'])
export class CountedRequest {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'counted_at', type: 'timestamptz', default: () => 'now()' })
  countedAt!: Date;
}
