import { act, fireEvent, render, screen } from '@testing-library/react';
import { loadRemoteApp, type RemoteAppModule } from '../federation/runtime';
import { RemoteSlot } from './RemoteSlot';
import { BACKGROUND_RETRY_DELAYS_MS } from '../federation/retry-in-background';

jest.mock('../federation/runtime', () => ({ loadRemoteApp: jest.fn() }));
const load = loadRemoteApp as jest.MockedFunction<typeof loadRemoteApp>;

const adminModule: RemoteAppModule = { default: () => <p>the admin console</p>, OWN_ROUTER: true };
const down = () => Promise.reject(new Error('manifest 503'));

describe('RemoteSlot', () => {
  beforeEach(() => {
    load.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('shows the fallback when the remote fails, and the remote by itself once a patient load behind it succeeds', async () => {
    load.mockImplementationOnce(down).mockResolvedValue(adminModule);
    render(<RemoteSlot remote="admin_console" />);
    const fallback = await screen.findByTestId('remote-fallback-admin_console');
    expect(fallback.textContent).toContain('The admin console is unavailable');
    // It says the tries go on behind it, so nobody needs to keep pressing the button.
    expect(fallback.textContent).toContain('We keep trying for a few minutes');
    expect((await screen.findByText('the admin console')).tagName).toBe('P');
    expect(screen.queryByTestId('remote-fallback-admin_console')).toBeNull();
    expect(load).toHaveBeenNthCalledWith(2, 'admin_console', { fresh: true, patient: true });
  });

  it('tries again behind the fallback with growing pauses, a bounded number of times, and when back online', async () => {
    jest.useFakeTimers();
    load.mockImplementation(down);
    render(<RemoteSlot remote="public_site" />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('button', { name: 'Try again' }).tagName).toBe('BUTTON');
    const callsAfter = async (ms: number) => {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(ms);
      });
      return load.mock.calls.length;
    };

    expect(await callsAfter(0)).toBe(2); // the first load, then at once behind the fallback
    expect(await callsAfter(BACKGROUND_RETRY_DELAYS_MS[1]! - 1)).toBe(2);
    expect(await callsAfter(1)).toBe(3);
    const total = BACKGROUND_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0);
    expect(await callsAfter(total)).toBe(1 + BACKGROUND_RETRY_DELAYS_MS.length);
    expect(await callsAfter(10 * 60_000)).toBe(1 + BACKGROUND_RETRY_DELAYS_MS.length);

    load.mockResolvedValue({ default: () => <p>the library</p>, OWN_ROUTER: true });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('the library').tagName).toBe('P');
    expect(screen.queryByTestId('remote-fallback-public_site')).toBeNull();
  });

  it('a remote that loads but fails while rendering is tried again on the same schedule, not again and again', async () => {
    jest.useFakeTimers();
    function Broken(): never {
      throw new Error('render failed');
    }
    load.mockResolvedValue({ default: Broken, OWN_ROUTER: true });
    render(<RemoteSlot remote="admin_console" />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByTestId('remote-fallback-admin_console').getAttribute('role')).toBe('alert');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5_000);
    });
    // One try at once behind the fallback (it loads, the half fails again); the next waits for its pause.
    const triesBehindFallback = () => load.mock.calls.filter(([, options]) => options?.patient).length;
    expect(triesBehindFallback()).toBe(1);
    // An hour, a minute at a time (React renders what each minute brought when its act ends).
    for (let minute = 0; minute < 60; minute++) {
      await act(async () => {
        await jest.advanceTimersByTimeAsync(60_000);
      });
    }
    expect(triesBehindFallback()).toBe(BACKGROUND_RETRY_DELAYS_MS.length);
    // Each success renders the half once more from the loaded code: never more than one load per try.
    expect(load.mock.calls.length).toBe(1 + 2 * BACKGROUND_RETRY_DELAYS_MS.length);
    expect(screen.getByTestId('remote-fallback-admin_console').getAttribute('role')).toBe('alert');
  });

  it('"Try again" starts a fresh load at once', async () => {
    load.mockImplementation(down);
    render(<RemoteSlot remote="admin_console" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(load).toHaveBeenLastCalledWith('admin_console', { fresh: true });
    expect((await screen.findByTestId('remote-fallback-admin_console')).getAttribute('role')).toBe('alert');
  });
});
