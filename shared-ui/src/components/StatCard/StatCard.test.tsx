import { render, screen } from '@testing-library/react';
import { StatCard } from './StatCard';

describe('StatCard', () => {
  it('is a group named by its label that shows the value', () => {
    render(<StatCard label="Total Downloads" value="1,234" testId="stat-downloads" />);
    const card = screen.getByRole('group', { name: 'Total Downloads' });
    expect(card).toHaveTextContent('1,234');
    expect(card).toHaveAttribute('data-testid', 'stat-downloads');
  });
});
