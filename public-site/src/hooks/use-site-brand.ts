import { useSiteSettings } from '../api/queries';

export const DEFAULT_SITE_NAME = 'Past Paper Library';
export const DEFAULT_SITE_DESCRIPTION =
  'Free past papers, mark schemes and examiner reports to help you prepare with confidence.';

/** The public brand from the site settings (siteName, siteDescription); the defaults until they load. */
export function useSiteBrand(): { name: string; description: string } {
  const settings = useSiteSettings();
  return {
    name: settings.data?.siteName?.trim() || DEFAULT_SITE_NAME,
    description: settings.data?.siteDescription?.trim() || DEFAULT_SITE_DESCRIPTION,
  };
}
