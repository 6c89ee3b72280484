import { render, screen } from '@testing-library/react';
import { FormField } from './FormField';

describe('FormField', () => {
  it('labels its control and wires the error with aria-invalid and aria-describedby', () => {
    render(
      <FormField label="Email" error="Please enter a valid email" hint="We never share it" required>
        <input type="email" />
      </FormField>,
    );
    const input = screen.getByLabelText(/Email/);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAccessibleDescription('We never share it Please enter a valid email');
    expect(screen.getByText('Please enter a valid email')).toBeInTheDocument();
  });

  it('leaves the control valid without an error', () => {
    render(
      <FormField label="Name" id="user-name">
        <input />
      </FormField>,
    );
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAttribute('id', 'user-name');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('passes the wiring to a render function', () => {
    render(
      <FormField label="Published" layout="inline" error="Required">
        {(control) => <input type="checkbox" {...control} />}
      </FormField>,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'Published' });
    expect(checkbox).toHaveAccessibleDescription('Required');
  });
});
