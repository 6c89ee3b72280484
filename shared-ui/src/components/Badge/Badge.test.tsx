import { render, screen } from '@testing-library/react';
import { Badge } from './Badge';

describe('Badge', () => {
  it('shows its text with the tone as a class', () => {
    render(<Badge tone="success">Published</Badge>);
    const badge = screen.getByText('Published');
    expect(badge).toHaveClass('badge');
    expect(badge).toHaveClass('success');
  });

  it('is neutral by default', () => {
    render(<Badge>Draft</Badge>);
    expect(screen.getByText('Draft')).toHaveClass('neutral');
  });
});
