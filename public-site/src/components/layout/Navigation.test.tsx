import { api, LEVELS } from '@ppl/shared-ui';
import { HostContext, STANDALONE_HOST } from '@ppl/shared-ui/host';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, renderWithProviders } from '../../../test/render';
import { Navigation } from './Navigation';
import { PublicLayout } from './PublicLayout';

const scrollTo = (y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  act(() => {
    fireEvent.scroll(window);
  });
};

describe('Navigation', () => {
  afterEach(() => scrollTo(0));

  it('links Home, Past Papers (a dropdown), FAQs and Contact', () => {
    renderWithProviders(<Navigation />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('button', { name: 'Past Papers' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('link', { name: 'FAQs' })).toHaveAttribute('href', '/faqs');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
  });

  it("takes the 'scrolled' appearance after 20 px", () => {
    renderWithProviders(<Navigation />);
    const header = screen.getByRole('banner');
    scrollTo(20);
    expect(header).toHaveAttribute('data-scrolled', 'false');
    scrollTo(21);
    expect(header).toHaveAttribute('data-scrolled', 'true');
    scrollTo(0);
    expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  it('opens the dropdown of the ten categories by keyboard, moves with arrows and closes on Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Navigation />);
    const button = screen.getByRole('button', { name: 'Past Papers' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById('past-papers-menu')!;
    const levels = within(menu)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href')!.replace('/past-papers/', ''))
      .filter((slug) => (LEVELS as readonly string[]).includes(slug));
    expect(levels).toHaveLength(10);
    expect([...levels].sort()).toEqual([...LEVELS].sort());
    expect(within(menu).getByRole('link', { name: 'Cambridge' })).toHaveAttribute('href', '/past-papers/cambridge');
    expect(within(menu).getByRole('link', { name: 'Edexcel' })).toHaveAttribute('href', '/past-papers/edexcel');

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(menu).not.toBeVisible();

    // ArrowDown opens the dropdown and moves into it; arrows move between its links.
    await user.keyboard('{ArrowDown}');
    await act(() => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined))));
    expect(within(menu).getByRole('link', { name: 'All Past Papers' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('link', { name: 'Cambridge' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(currentLocation()).toBe('/past-papers/cambridge');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the dropdown when focus leaves it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Navigation />);
    await user.click(screen.getByRole('button', { name: 'Past Papers' }));
    expect(screen.getByRole('button', { name: 'Past Papers' })).toHaveAttribute('aria-expanded', 'true');
    act(() => screen.getByRole('link', { name: 'FAQs' }).focus());
    expect(screen.getByRole('button', { name: 'Past Papers' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('has a mobile menu button that toggles the links and closes on Escape, returning focus', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Navigation />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-controls', 'public-nav-links');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    act(() => screen.getByRole('link', { name: 'FAQs' }).focus());
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

describe('PublicLayout', () => {
  beforeEach(() => {
    jest.spyOn(api.settings, 'getPublic').mockRejectedValue(new Error('not needed here'));
  });
  afterEach(() => jest.restoreAllMocks());

  it('marks its root with the host it runs in and shows the release in the footer', () => {
    renderWithProviders(<PublicLayout>{null}</PublicLayout>);
    expect(screen.getByTestId('public-layout')).toHaveAttribute('data-host', 'standalone');
    expect(screen.getByTestId('public-release')).toHaveTextContent(/^Release \S+$/);
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
  });

  it("reads 'shell' from the host context the shell provides", () => {
    renderWithProviders(
      <HostContext.Provider value={{ ...STANDALONE_HOST, host: 'shell' }}>
        <PublicLayout>{null}</PublicLayout>
      </HostContext.Provider>,
    );
    expect(screen.getByTestId('public-layout')).toHaveAttribute('data-host', 'shell');
  });

  it('keeps the scroll position it hydrates at and starts each later page at its top', async () => {
    const scrolled = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithProviders(<PublicLayout>{null}</PublicLayout>);
    expect(scrolled).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'IGCSE' }));
    expect(currentLocation()).toBe('/past-papers/igcse');
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });

  it('links o-level, a-level and igcse in the footer', () => {
    renderWithProviders(<PublicLayout>{null}</PublicLayout>);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'O Level' })).toHaveAttribute('href', '/past-papers/o-level');
    expect(within(footer).getByRole('link', { name: 'A Level' })).toHaveAttribute('href', '/past-papers/a-level');
    expect(within(footer).getByRole('link', { name: 'IGCSE' })).toHaveAttribute('href', '/past-papers/igcse');
  });

  it('shows the site name and description from the settings, and the maintenance page while maintenance mode is on', async () => {
    jest.restoreAllMocks();
    jest.spyOn(api.settings, 'getPublic').mockResolvedValue({
      siteName: 'Kenya Exam Vault',
      siteDescription: 'Every KCSE and CBC paper in one place.',
      contactEmail: 'help@vault.example',
      maintenanceMode: true,
    } as Awaited<ReturnType<typeof api.settings.getPublic>>);
    renderWithProviders(<PublicLayout>{null}</PublicLayout>);
    expect(await screen.findByRole('heading', { name: 'We are down for maintenance' })).toBeInTheDocument();
    expect(screen.getByTestId('maintenance-page')).toHaveTextContent('Kenya Exam Vault');
    expect(
      within(screen.getByTestId('maintenance-page')).getByRole('link', { name: 'help@vault.example' }),
    ).toHaveAttribute('href', 'mailto:help@vault.example');
    expect(screen.getByRole('link', { name: /Kenya Exam Vault/ })).toBeInTheDocument(); // the header's brand
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Every KCSE and CBC paper in one place.');
    await waitFor(() => expect(document.title).toBe('Under maintenance · Kenya Exam Vault'));
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Every KCSE and CBC paper in one place.',
    );
  });
});
