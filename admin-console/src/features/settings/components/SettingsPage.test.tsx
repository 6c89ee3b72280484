import { api, ApiError, type SiteSettings } from '@ppl/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../../test/render';
import { SettingsPage } from './SettingsPage';

const SETTINGS: SiteSettings = {
  siteName: 'Past Paper Library',
  siteDescription: 'Past papers for everyone',
  contactEmail: 'help@pastpaperlibrary.example',
  supportPhone: '+254 700 000000',
  liveChatHours: 'Mon-Fri 9-5',
  officeAddress: 'Nairobi',
  maintenanceMode: false,
  allowRegistration: true,
  defaultUserRole: 'student',
  notificationEmail: '',
  filesPerPage: 10,
  maxFileSize: 10,
};

const field = (name: RegExp) => screen.getByLabelText(name);

describe('SettingsPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the four sections filled from the server', async () => {
    jest.spyOn(api.settings, 'get').mockResolvedValue(SETTINGS);
    renderScreen(<SettingsPage />);
    for (const section of ['General', 'Contact Information', 'System Settings', 'Content Settings']) {
      expect(await screen.findByRole('group', { name: section })).toBeInTheDocument();
    }
    expect(field(/^Site Name/)).toHaveValue('Past Paper Library');
    expect(field(/^Contact Email/)).toHaveValue('help@pastpaperlibrary.example');
    expect(screen.getByRole('checkbox', { name: 'Allow Registration' })).toBeChecked();
    expect(field(/^Default User Role/)).toHaveValue('student');
    expect(field(/^Files Per Page/)).toHaveValue(10);
  });

  it('validates required fields and the limits of spec section 5', async () => {
    const user = userEvent.setup();
    jest.spyOn(api.settings, 'get').mockResolvedValue(SETTINGS);
    const save = jest.spyOn(api.settings, 'save');
    renderScreen(<SettingsPage />);
    await user.clear(await screen.findByLabelText(/^Site Name/));
    await user.clear(field(/^Contact Email/));
    await user.clear(field(/^Files Per Page/));
    await user.type(field(/^Files Per Page/), '4');
    await user.clear(field(/^Maximum File Size/));
    await user.type(field(/^Maximum File Size/), '51');
    await user.type(field(/^Notification Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Site name is required')).toBeInTheDocument();
    expect(screen.getByText('Contact email is required')).toBeInTheDocument();
    expect(screen.getByText('Files per page must be between 5 and 100')).toBeInTheDocument();
    expect(screen.getByText('Maximum file size must be between 1 and 50 MB')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid notification email')).toBeInTheDocument();
    await user.type(field(/^Contact Email/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    await user.clear(field(/^Files Per Page/));
    await user.type(field(/^Files Per Page/), '101');
    await waitFor(() => expect(screen.getByText('Files per page must be between 5 and 100')).toBeInTheDocument());
    expect(save).not.toHaveBeenCalled();
  });

  it("saves every field and says 'Settings saved successfully!'", async () => {
    const user = userEvent.setup();
    jest.spyOn(api.settings, 'get').mockResolvedValue(SETTINGS);
    const save = jest.spyOn(api.settings, 'save').mockImplementation(async (s) => ({ ...SETTINGS, ...s }));
    renderScreen(<SettingsPage />);
    await user.clear(await screen.findByLabelText(/^Contact Email/));
    await user.type(field(/^Contact Email/), 'new@pastpaperlibrary.example');
    await user.clear(field(/^Files Per Page/));
    await user.type(field(/^Files Per Page/), '100');
    await user.click(screen.getByRole('checkbox', { name: 'Maintenance Mode' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    // Beside the Save button (where the admin is) and as a toast.
    const saved = await screen.findByTestId('settings-saved');
    expect(saved).toHaveTextContent('Settings saved successfully!');
    expect(saved.parentElement).toContainElement(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findAllByText('Settings saved successfully!')).toHaveLength(2);
    expect(save).toHaveBeenCalledWith({
      ...SETTINGS,
      contactEmail: 'new@pastpaperlibrary.example',
      filesPerPage: 100,
      maintenanceMode: true,
    });
  });

  it("shows a save failure and keeps the button usable; shows 'Failed to load settings'", async () => {
    const user = userEvent.setup();
    jest.spyOn(api.settings, 'get').mockResolvedValueOnce(SETTINGS);
    jest.spyOn(api.settings, 'save').mockRejectedValue(new Error(''));
    const first = renderScreen(<SettingsPage />);
    await user.click(await screen.findByRole('button', { name: 'Save Settings' }));
    // A banner beside the button and an error toast.
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('Failed to save settings')]),
    );
    expect(alerts.length).toBe(2);
    expect(screen.getByRole('button', { name: 'Save Settings' })).toBeEnabled();
    first.unmount();

    (api.settings.get as jest.Mock).mockRejectedValue(new Error(''));
    renderScreen(<SettingsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load settings');
  });

  it("says 'Settings not found.' for a 404", async () => {
    jest
      .spyOn(api.settings, 'get')
      .mockRejectedValue(new ApiError('API GET error: Not Found', 404, 'Settings not found.'));
    renderScreen(<SettingsPage />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Settings not found.')).toBeInTheDocument();
  });
});
