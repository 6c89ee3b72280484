import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SearchInput } from './SearchInput';

function Harness({ onClear }: { onClear?: () => void }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchInput
        label="Search papers"
        placeholder="Subject, code or level"
        value={value}
        onChange={setValue}
        onClear={
          onClear
            ? () => {
                onClear();
                setValue('');
              }
            : undefined
        }
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('SearchInput', () => {
  it('is a labelled search box that reports what is typed', async () => {
    render(<Harness />);
    const box = screen.getByRole('searchbox', { name: 'Search papers' });
    expect(box).toHaveAttribute('placeholder', 'Subject, code or level');
    await userEvent.type(box, 'physics');
    expect(screen.getByTestId('value')).toHaveTextContent('physics');
  });

  it('offers a clear button only when there is text, and clearing returns focus to the box', async () => {
    render(<Harness />);
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    const box = screen.getByRole('searchbox');
    await userEvent.type(box, 'bio');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
  });

  it('clears on Escape through onClear when given', async () => {
    const onClear = jest.fn();
    render(<Harness onClear={onClear} />);
    const box = screen.getByRole('searchbox');
    await userEvent.type(box, 'chem{Escape}');
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(box).toHaveValue('');
  });
});
