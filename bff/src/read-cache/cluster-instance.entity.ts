import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A BFF instance that follows the change feed (see ClusterInvalidation). */
@Entity({ name: 'cluster_instances' })
export class ClusterInstance {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  /** The highest change announcement (cluster_change_seq) this instance has applied. */
  @Column({ type: 'bigint', default: 0 })
  seen!: string;

  /** Moves every few seconds while the instance listens; an instance silent for long is not waited for. */
  @Column({ name: 'heartbeat_at', type: 'timestamptz', default: () => 'now()' })
  heartbeatAt!: Date;
}
