import { Injectable, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth-user';
import type { UpdateSettingsDto } from './dto/update-settings.dto';
import { SiteSettings } from './site-settings.entity';
import { toSettingsView, type SiteSettingsView } from './settings.view';

export const UNDER_MAINTENANCE = 'The site is under maintenance. Please try again later.';

export const SETTINGS_ID = 1;
/** Spec section 9: the upload limit when nothing else is configured. */
export const DEFAULT_MAX_FILE_SIZE_MB = 10;

@Injectable()
export class SettingsService {
  constructor(
    @InjectRepository(SiteSettings) private readonly settings: Repository<SiteSettings>,
    private readonly audit: AuditService,
  ) {}

  async get(): Promise<SiteSettingsView> {
    const row = await this.settings.findOneBy({ id: SETTINGS_ID });
    if (!row) throw new NotFoundException('Settings not found.');
    return toSettingsView(row);
  }

  /** The upload limit in MB, read per upload so a change applies at once. */
  async maxFileSizeMb(): Promise<number> {
    const row = await this.settings.findOne({ where: { id: SETTINGS_ID }, select: { id: true, maxFileSize: true } });
    return row?.maxFileSize ?? DEFAULT_MAX_FILE_SIZE_MB;
  }

  /** Maintenance mode: public writes answer 503 (the admin keeps working). Read per request: a change applies at once. */
  async assertOpenForPublicWrites(): Promise<void> {
    const row = await this.settings.findOne({
      where: { id: SETTINGS_ID },
      select: { id: true, maintenanceMode: true },
    });
    if (row?.maintenanceMode) throw new ServiceUnavailableException(UNDER_MAINTENANCE);
  }

  async update(actor: AuthUser, dto: UpdateSettingsDto): Promise<SiteSettingsView> {
    return this.settings.manager.transaction(async (tx) => {
      const row = await tx.findOne(SiteSettings, { where: { id: SETTINGS_ID }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new NotFoundException('Settings not found.');
      const changes: Partial<SiteSettings> = {};
      for (const [key, value] of Object.entries(dto) as Array<[keyof UpdateSettingsDto, unknown]>) {
        if (value !== undefined) Object.assign(changes, { [key]: value });
      }
      await tx.update(SiteSettings, { id: SETTINGS_ID }, changes);
      await this.audit.record(tx, actor, 'update', 'settings', null, 'Updated site settings');
      return toSettingsView((await tx.findOneBy(SiteSettings, { id: SETTINGS_ID }))!);
    });
  }
}
