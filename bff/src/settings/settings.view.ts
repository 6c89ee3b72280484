import { ApiProperty, OmitType } from '@nestjs/swagger';
import { DEFAULT_USER_ROLES } from '../common/domain-values';
import type { SiteSettings } from './site-settings.entity';

/** Site settings as the API names them (spec section 3). */
export class SiteSettingsView {
  @ApiProperty()
  siteName!: string;

  @ApiProperty()
  siteDescription!: string;

  @ApiProperty()
  contactEmail!: string;

  @ApiProperty()
  supportPhone!: string;

  @ApiProperty()
  liveChatHours!: string;

  @ApiProperty()
  officeAddress!: string;

  @ApiProperty()
  maintenanceMode!: boolean;

  @ApiProperty()
  allowRegistration!: boolean;

  @ApiProperty({ enum: DEFAULT_USER_ROLES })
  defaultUserRole!: string;

  @ApiProperty()
  notificationEmail!: string;

  @ApiProperty({ minimum: 1 })
  filesPerPage!: number;

  @ApiProperty({ description: 'Megabytes' })
  maxFileSize!: number;
}

/** What a visitor may read: not where notifications go nor how accounts are opened (admins get everything). */
export class PublicSiteSettingsView extends OmitType(SiteSettingsView, [
  'notificationEmail',
  'allowRegistration',
  'defaultUserRole',
] as const) {}

export function toPublicSettingsView(view: SiteSettingsView): PublicSiteSettingsView {
  const { notificationEmail: _n, allowRegistration: _a, defaultUserRole: _d, ...visible } = view;
  return visible;
}

export function toSettingsView(s: SiteSettings): SiteSettingsView {
  return {
    siteName: s.siteName,
    siteDescription: s.siteDescription,
    contactEmail: s.contactEmail,
    supportPhone: s.supportPhone,
    liveChatHours: s.liveChatHours,
    officeAddress: s.officeAddress,
    maintenanceMode: s.maintenanceMode,
    allowRegistration: s.allowRegistration,
    defaultUserRole: s.defaultUserRole,
    notificationEmail: s.notificationEmail,
    filesPerPage: s.filesPerPage,
    maxFileSize: s.maxFileSize,
  };
}
