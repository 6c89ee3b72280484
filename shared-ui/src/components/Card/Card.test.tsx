import { render, screen } from '@testing-library/react';
import { Card } from './Card';

describe('Card', () => {
  it('renders header, body and footer in order inside the chosen element', () => {
    render(
      <ul>
        <Card
          as="li"
          header={<h3>Physics</h3>}
          footer={<a href="/subjects/0625">View papers</a>}
          aria-label="Physics card"
        >
          <p>12 papers</p>
        </Card>
      </ul>,
    );
    const card = screen.getByRole('listitem', { name: 'Physics card' });
    expect(card.textContent).toBe('Physics12 papersView papers');
    expect(screen.getByRole('heading', { name: 'Physics' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View papers' })).toHaveAttribute('href', '/subjects/0625');
  });

  it('leaves out header and footer when not given and exposes the accent colour as a custom property', () => {
    const { container } = render(
      <Card accent="#3b4fd8">
        <p>Body</p>
      </Card>,
    );
    const card = container.firstElementChild as HTMLElement;
    expect(card.children).toHaveLength(1);
    expect(card.style.getPropertyValue('--ppl-card-accent')).toBe('#3b4fd8');
  });
});
