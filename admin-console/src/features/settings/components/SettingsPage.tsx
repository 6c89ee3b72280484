import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, Button, ErrorBanner, errorText, FormField, useToast, type SiteSettings } from '@ppl/shared-ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LoadingStatus } from '../../../components/page/LoadingStatus';
import { PageHeader } from '../../../components/page/PageHeader';
import page from '../../../components/page/page.module.css';
import { useSaveSettings, useSiteSettings } from '../api/settings';
import { settingsFormValues, settingsSchema, siteSettings, type SettingsFormValues } from './settings-schema';
import styles from './SettingsPage.module.css';

/** Spec section 2 "Admin settings". */
export function SettingsPage() {
  const settings = useSiteSettings();
  return (
    <>
      <PageHeader title="Settings" subtitle="Site-wide settings used by the public site and the console" />
      {settings.isPending && <LoadingStatus>Loading settings...</LoadingStatus>}
      {settings.isError && (
        <ErrorBanner
          message={
            settings.error instanceof ApiError && settings.error.status === 404
              ? 'Settings not found.'
              : errorText(settings.error, 'Failed to load settings')
          }
          onRetry={() => void settings.refetch()}
        />
      )}
      {settings.isSuccess &&
        (settings.data ? <SettingsForm settings={settings.data} /> : <ErrorBanner message="Settings not found." />)}
    </>
  );
}

function SettingsForm({ settings }: { settings: SiteSettings }) {
  const save = useSaveSettings();
  const [saved, setSaved] = useState(false);
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsSchema),
    defaultValues: settingsFormValues(settings),
  });
  const { errors, isDirty } = form.formState;

  const toast = useToast();
  // The admin is at the Save button, at the bottom of a long form: results show there and as a toast.
  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(false);
    try {
      const result = await save.mutateAsync(siteSettings(values));
      form.reset(settingsFormValues(result));
      setSaved(true);
      toast.success('Settings saved successfully!');
    } catch (error) {
      toast.error(errorText(error, 'Failed to save settings'));
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <fieldset className={[page.panel, styles.section].join(' ')}>
        <legend className={styles.legend}>General</legend>
        <div className={page.formStack}>
          <FormField label="Site Name" required error={errors.siteName?.message}>
            <input {...form.register('siteName')} />
          </FormField>
          <FormField label="Site Description">
            <textarea rows={3} {...form.register('siteDescription')} />
          </FormField>
        </div>
      </fieldset>

      <fieldset className={[page.panel, styles.section].join(' ')}>
        <legend className={styles.legend}>Contact Information</legend>
        <div className={page.formGrid}>
          <FormField label="Contact Email" required error={errors.contactEmail?.message}>
            <input type="email" {...form.register('contactEmail')} />
          </FormField>
          <FormField label="Support Phone">
            <input type="tel" {...form.register('supportPhone')} />
          </FormField>
          <FormField label="Live Chat Hours">
            <input {...form.register('liveChatHours')} placeholder="e.g. Mon-Fri, 9am-5pm" />
          </FormField>
          <FormField label="Office Address" className={page.full}>
            <textarea rows={2} {...form.register('officeAddress')} />
          </FormField>
        </div>
      </fieldset>

      <fieldset className={[page.panel, styles.section].join(' ')}>
        <legend className={styles.legend}>System Settings</legend>
        <div className={page.formGrid}>
          <FormField
            label="Maintenance Mode"
            layout="inline"
            hint="Visitors see a maintenance page and cannot send messages; sign-in and this console keep working"
          >
            <input type="checkbox" {...form.register('maintenanceMode')} />
          </FormField>
          <FormField
            label="Allow Registration"
            layout="inline"
            hint="Kept for student accounts, which do not exist yet: it changes nothing today"
          >
            <input type="checkbox" {...form.register('allowRegistration')} />
          </FormField>
          <FormField label="Default User Role" hint="Kept for student accounts, which do not exist yet">
            <select {...form.register('defaultUserRole')}>
              <option value="student">Student</option>
              <option value="teacher">Teacher</option>
              <option value="admin">Admin</option>
            </select>
          </FormField>
          <FormField label="Notification Email" error={errors.notificationEmail?.message}>
            <input type="email" {...form.register('notificationEmail')} />
          </FormField>
        </div>
      </fieldset>

      <fieldset className={[page.panel, styles.section].join(' ')}>
        <legend className={styles.legend}>Content Settings</legend>
        <div className={page.formGrid}>
          <FormField label="Files Per Page" error={errors.filesPerPage?.message} hint="Between 5 and 100">
            <input type="number" inputMode="numeric" min={5} max={100} step={1} {...form.register('filesPerPage')} />
          </FormField>
          <FormField label="Maximum File Size (MB)" error={errors.maxFileSize?.message} hint="Between 1 and 50">
            <input type="number" inputMode="numeric" min={1} max={50} step={1} {...form.register('maxFileSize')} />
          </FormField>
        </div>
      </fieldset>

      {save.isError && (
        <ErrorBanner message={errorText(save.error, 'Failed to save settings')} onDismiss={() => save.reset()} />
      )}
      <div className={styles.actions}>
        {saved && !isDirty && (
          <p role="status" className={styles.saved} data-testid="settings-saved">
            Settings saved successfully!
          </p>
        )}
        <Button variant="secondary" onClick={() => form.reset()} disabled={save.isPending || !isDirty}>
          Reset
        </Button>
        <Button type="submit" busy={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
