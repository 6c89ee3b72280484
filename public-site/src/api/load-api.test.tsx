import { fireEvent, render, waitFor } from '@testing-library/react';
import { useApiOnFirstIntent } from './load-api';

const loaded = jest.fn();
jest.mock('@ppl/shared-ui/api', () => {
  loaded();
  return { api: {} };
});

function Page() {
  useApiOnFirstIntent();
  return <a href="/faqs">FAQs</a>;
}

describe('the API client of the public site', () => {
  it('is not fetched by a page nobody touches, and is fetched once at the first tap', async () => {
    const { getByRole } = render(<Page />);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded).not.toHaveBeenCalled();
    fireEvent.pointerDown(getByRole('link'));
    await waitFor(() => expect(loaded).toHaveBeenCalledTimes(1));
    fireEvent.keyDown(window, { key: 'Tab' });
    fireEvent.pointerDown(getByRole('link'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded).toHaveBeenCalledTimes(1);
  });
});
