import type { SiteSettings } from './site-settings.entity';

/** Site settings as the API names them (spec section 3). */
export interface SiteSettingsView {
  siteName: string;
  siteDescription: string;
  contactEmail: string;
  supportPhone: string;
  liveChatHours: string;
  officeAddress: string;
  maintenanceMode: boolean;
  allowRegistration: boolean;
  defaultUserRole: string;
  notificationEmail: string;
  filesPerPage: number;
  maxFileSize: number;
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
