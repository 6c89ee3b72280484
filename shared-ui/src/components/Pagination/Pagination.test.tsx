import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination, SimplePagination } from './Pagination';

describe('Pagination', () => {
  it('moves to the first, previous, next and last pages', async () => {
    const user = userEvent.setup();
    const onPageChange = jest.fn();
    render(<Pagination page={3} pageCount={5} onPageChange={onPageChange} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 3 of 5');
    await user.click(screen.getByRole('button', { name: 'First' }));
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Last' }));
    expect(onPageChange.mock.calls.map(([p]) => p)).toEqual([1, 2, 4, 5]);
  });

  it('disables the buttons that would leave the range', () => {
    const { rerender } = render(<Pagination page={1} pageCount={2} onPageChange={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'First' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Prev' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    rerender(<Pagination page={2} pageCount={2} onPageChange={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last' })).toBeDisabled();
  });

  it('shows at least one page when there are none', () => {
    render(<Pagination page={1} pageCount={0} onPageChange={jest.fn()} />);
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('changes the page size', async () => {
    const user = userEvent.setup();
    const onPageSizeChange = jest.fn();
    render(
      <Pagination
        page={1}
        pageCount={3}
        onPageChange={jest.fn()}
        pageSize={10}
        pageSizeOptions={[10, 20, 50]}
        onPageSizeChange={onPageSizeChange}
      />,
    );
    await user.selectOptions(screen.getByLabelText('Per page'), '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });
});

describe('SimplePagination', () => {
  it('offers Previous and Next', async () => {
    const user = userEvent.setup();
    const onPageChange = jest.fn();
    render(<SimplePagination page={1} pageCount={3} onPageChange={onPageChange} />);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
