import { api, type PublicSiteSettings } from '@ppl/shared-ui';
import { screen, within } from '@testing-library/react';
import { makeFaq } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { ContactPage } from './ContactPage';

const settings = (contact: Partial<PublicSiteSettings>): PublicSiteSettings => ({
  siteName: 'Past Paper Library',
  siteDescription: '',
  contactEmail: '',
  supportPhone: '',
  liveChatHours: '',
  officeAddress: '',
  maintenanceMode: false,
  filesPerPage: 10,
  maxFileSize: 10,
  ...contact,
});

describe('ContactPage', () => {
  beforeEach(() => {
    jest.spyOn(api.faqs, 'list').mockResolvedValue({
      faqs: [makeFaq({ question: 'How can I contact the team?', category: 'Contact' })],
      categories: ['Contact'],
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the contact methods from the settings', async () => {
    jest.spyOn(api.settings, 'getPublic').mockResolvedValue(
      settings({
        contactEmail: 'help@ppl.example',
        supportPhone: '+254 700 000 000',
        liveChatHours: 'Mon to Fri',
        officeAddress: '1 Learning Lane',
      }),
    );
    renderWithProviders(<ContactPage />, { route: '/contact' });
    const methods = await screen.findByTestId('contact-methods');
    expect(within(methods).getByRole('link', { name: 'help@ppl.example' })).toHaveAttribute(
      'href',
      'mailto:help@ppl.example',
    );
    expect(within(methods).getByRole('link', { name: '+254 700 000 000' })).toHaveAttribute(
      'href',
      'tel:+254700000000',
    );
    expect(methods).toHaveTextContent('Mon to Fri');
    expect(methods).toHaveTextContent('1 Learning Lane');
  });

  it('falls back to placeholder contact details when the settings lack them or fail to load', async () => {
    jest.spyOn(api.settings, 'getPublic').mockResolvedValue(settings({ contactEmail: 'help@ppl.example' }));
    const { unmount } = renderWithProviders(<ContactPage />, { route: '/contact' });
    const methods = await screen.findByTestId('contact-methods');
    expect(methods).toHaveTextContent('help@ppl.example');
    expect(methods).toHaveTextContent('+1 (555) 123-4567');
    expect(methods).toHaveTextContent('123 Education Street, Learning City');
    unmount();

    jest.spyOn(api.settings, 'getPublic').mockRejectedValue(new Error('down'));
    renderWithProviders(<ContactPage />, { route: '/contact' });
    expect(await screen.findByTestId('contact-methods')).toHaveTextContent('support@pastpaperlibrary.com');
    expect(
      screen.getByText('Failed to load site settings. Some features may not work as expected.'),
    ).toBeInTheDocument();
  });

  it('lists the FAQs for contact and links to all FAQs', async () => {
    jest.spyOn(api.settings, 'getPublic').mockResolvedValue(settings({}));
    renderWithProviders(<ContactPage />, { route: '/contact' });
    const list = await screen.findByTestId('contact-faqs');
    expect(within(list).getByRole('heading', { name: 'How can I contact the team?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all FAQs' })).toHaveAttribute('href', '/faqs');
  });
});
