import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { AuditEntry } from './audit-entry.entity';

export type AuditAction = 'create' | 'update' | 'delete' | 'status';

export class RecentActivity {
  @ApiProperty()
  id!: number;

  @ApiProperty({ example: 'Created subject Mathematics (0580)' })
  description!: string;

  @ApiProperty({ format: 'date-time' })
  timestamp!: string;
}

/**
 * The audit log of admin writes. Entries are written with the caller's transaction manager, so an entry exists
 * exactly when its change committed.
 */
@Injectable()
export class AuditService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async record(
    tx: EntityManager,
    actor: Pick<AuthUser, 'id'>,
    action: AuditAction,
    entityType: string,
    entityId: number | null,
    description: string,
  ): Promise<void> {
    await tx.insert(AuditEntry, {
      userId: actor.id,
      action,
      entityType,
      entityId,
      description: description.slice(0, 500),
    });
  }

  /** The newest entries first (the dashboard's Recent Activity). */
  async recent(limit: number): Promise<RecentActivity[]> {
    const rows = await this.db
      .getRepository(AuditEntry)
      .find({ order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
    return rows.map((r) => ({ id: r.id, description: r.description, timestamp: r.createdAt.toISOString() }));
  }
}
