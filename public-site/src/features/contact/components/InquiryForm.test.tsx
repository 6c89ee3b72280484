import { ApiError, setApiFetch, type InquiryInput } from '@ppl/shared-ui';
import { contractFetch } from '@ppl/shared-ui/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../../test/render';
import { FAILURE_TEXT, InquiryForm, SUCCESS_TEXT } from './InquiryForm';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const fill = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.type(screen.getByLabelText('Name'), 'Amina Otieno');
  await user.type(screen.getByLabelText('Email'), 'amina@example.com');
  await user.type(screen.getByLabelText('Subject'), 'Missing paper');
  await user.type(screen.getByLabelText('Message'), 'Please add 0580 Oct/Nov 2019.');
};

describe('InquiryForm', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('requires name, a valid email, subject and message, and sends nothing until they are there', async () => {
    const send = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<InquiryForm send={send} />);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it("defaults priority to medium and sends the message prefixed 'Priority: {priority}' and a blank line", async () => {
    // The real client over a double of the BFF that refuses anything docs/openapi.json does not describe.
    const bff = contractFetch(() => ({ data: { id: 1 } }));
    setApiFetch(bff.fetch);
    const user = userEvent.setup();
    renderWithProviders(<InquiryForm />);
    expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();
    await fill(user);
    await user.click(screen.getByRole('radio', { name: 'High' }));
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(bff.requests).toHaveLength(1));
    setApiFetch(null);
    expect(bff.requests[0]!.method).toBe('POST');
    expect(bff.requests[0]!.url).toBe('/backend/api/inquiries.php');
    expect(JSON.parse(bff.requests[0]!.body!)).toEqual({
      name: 'Amina Otieno',
      email: 'amina@example.com',
      subject: 'Missing paper',
      message: 'Priority: high\n\nPlease add 0580 Oct/Nov 2019.',
    });
    expect(await screen.findByText(SUCCESS_TEXT)).toBeInTheDocument();
  });

  it("reads 'Sending...' while sending, then shows the success text for 5 s and resets the form to medium", async () => {
    jest.useFakeTimers();
    const pending = deferred<unknown>();
    const send = jest.fn((_: InquiryInput) => pending.promise);
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    renderWithProviders(<InquiryForm send={send} />);
    await fill(user);
    await user.click(screen.getByRole('radio', { name: 'Low' }));
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const button = await screen.findByRole('button', { name: 'Sending...' });
    expect(button).toBeDisabled();
    expect(send.mock.calls[0]![0]).toMatchObject({ priority: 'low', name: 'Amina Otieno' });

    await act(async () => pending.resolve({ id: 1 }));
    expect(await screen.findByText(SUCCESS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Medium' })).toBeChecked();

    act(() => jest.advanceTimersByTime(4_999));
    expect(screen.getByText(SUCCESS_TEXT)).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText(SUCCESS_TEXT)).toBeNull();
  });

  it('shows the failure text and keeps what was typed', async () => {
    const send = jest.fn().mockRejectedValue(new Error('API POST error: Internal Server Error'));
    const user = userEvent.setup();
    renderWithProviders(<InquiryForm send={send} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILURE_TEXT);
    expect(screen.getByLabelText('Name')).toHaveValue('Amina Otieno');
    expect(screen.queryByText(SUCCESS_TEXT)).toBeNull();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('uses the exact texts of the spec', () => {
    expect(SUCCESS_TEXT).toBe("Thank you for your message! We'll get back to you within 24 hours.");
    expect(FAILURE_TEXT).toBe('There was an error submitting your inquiry. Please try again later.');
  });

  it("shows the server's message when it asks to wait (429), keeping what was typed", async () => {
    const message = 'You have sent too many messages in a short time. Please try again in 10 minutes.';
    const send = jest.fn().mockRejectedValue(new ApiError(message, 429, message));
    const user = userEvent.setup();
    renderWithProviders(<InquiryForm send={send} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Name')).toHaveValue('Amina Otieno');
  });

  it('has a honeypot hidden from people: not sent when empty, sent when a bot fills it', async () => {
    const send = jest.fn().mockResolvedValue({});
    const user = userEvent.setup();
    const { container } = renderWithProviders(<InquiryForm send={send} />);
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]')!;
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Website' })).toBeNull();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]![0]).not.toHaveProperty('website');

    await fill(user);
    await user.type(trap, 'http://spam.example');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send.mock.calls[1]![0]).toMatchObject({ website: 'http://spam.example' });
  });
});

describe('InquiryForm before its script arrives', () => {
  it('keeps what was typed into the server-rendered form and only sends once the page is live', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
    const { Router } = await import('../../../lib/router');
    // The server renders the requested URL; the browser then hydrates at that same address.
    window.history.replaceState(null, '', '/contact?subject=Missing%20document');
    const send = jest.fn().mockResolvedValue({ success: true });
    const page = () => (
      <QueryClientProvider client={new QueryClient()}>
        <InquiryForm send={send} />
      </QueryClientProvider>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <Router ssrPath="/contact" ssrSearch="?subject=Missing%20document">
        {page()}
      </Router>,
    );
    document.body.append(container);
    const button = screen.getByRole('button', { name: 'Send Message' });
    expect(button).toBeDisabled();

    // The visitor types before the script runs: plain DOM edits, nothing listening yet.
    const typeInto = (label: string, value: string) => {
      screen.getByLabelText<HTMLInputElement>(label).value = value;
    };
    typeInto('Name', 'Amina Otieno');
    typeInto('Email', 'amina@example.com');
    typeInto('Subject', 'Paper 4 is missing');
    typeInto('Message', 'Please add 0580 Oct/Nov 2019.');
    screen.getByLabelText<HTMLInputElement>('High').checked = true;

    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, page());
    });
    expect(screen.getByLabelText('Name')).toHaveValue('Amina Otieno');
    expect(screen.getByLabelText('Subject')).toHaveValue('Paper 4 is missing');
    expect(screen.getByLabelText('High')).toBeChecked();
    expect(button).toBeEnabled();

    await userEvent.setup().click(button);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send.mock.calls[0]![0]).toEqual({
      name: 'Amina Otieno',
      email: 'amina@example.com',
      subject: 'Paper 4 is missing',
      message: 'Please add 0580 Oct/Nov 2019.',
      priority: 'high',
    });
    act(() => root?.unmount());
    container.remove();
    window.history.replaceState(null, '', '/');
  });
});
