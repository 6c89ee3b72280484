import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/**
 * The CRC-32 of a stored file's content (migration 1766500000001), learned by the session zips that stream it: a
 * later zip writes it in the entry's header instead of computing it again. Written and read by plain SQL
 * (session-zip.queries.ts).
 */
@Entity({ name: 'file_checksums' })
export class FileChecksum {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  sha256!: string;

  @Column({ type: 'bigint' })
  size!: string;

  @Column({ type: 'bigint' })
  crc32!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
