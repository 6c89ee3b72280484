import { render, screen, within } from '@testing-library/react';
import type { BreadcrumbLinkProps } from './Breadcrumb';
import { Breadcrumb } from './Breadcrumb';

describe('Breadcrumb', () => {
  const items = [
    { label: 'Home', to: '/' },
    { label: 'Past Papers', to: '/past-papers' },
    { label: 'Mathematics', to: '/subjects/0580' },
  ];

  it('is a labelled navigation with an ordered list, links for the ancestors and the current page last', () => {
    render(<Breadcrumb items={items} />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const entries = within(nav).getAllByRole('listitem');
    expect(entries.map((li) => li.textContent)).toEqual(['Home', 'Past Papers', 'Mathematics']);
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Past Papers' })).toHaveAttribute('href', '/past-papers');
    expect(within(nav).queryByRole('link', { name: 'Mathematics' })).toBeNull();
    expect(within(nav).getByText('Mathematics')).toHaveAttribute('aria-current', 'page');
  });

  it('renders ancestors through the given link component', () => {
    const seen: string[] = [];
    function RouterLink({ to, className, children }: BreadcrumbLinkProps) {
      seen.push(to);
      return (
        <a href={`#${to}`} className={className} data-router-link="">
          {children}
        </a>
      );
    }
    render(<Breadcrumb items={items} linkAs={RouterLink} />);
    expect(seen).toEqual(['/', '/past-papers']);
    expect(screen.getByRole('link', { name: 'Past Papers' })).toHaveAttribute('href', '#/past-papers');
  });
});
