import * as federation from '@module-federation/enhanced/runtime';
import {
  loadRemoteApp,
  registerFederation,
  remoteRequestTimeout,
  REMOTE_PATIENCE_MS,
  REMOTE_TIMEOUT_MS,
} from './runtime';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));
const loadRemote = federation.loadRemote as unknown as jest.Mock;
const registerRemotes = federation.registerRemotes as unknown as jest.Mock;
const registerPlugins = federation.registerPlugins as unknown as jest.Mock;

const App = () => null;

describe('federation runtime', () => {
  beforeEach(() => {
    loadRemote.mockReset();
    registerRemotes.mockReset();
    registerFederation({ public_site: '/p/mf-manifest.json', admin_console: '/a/mf-manifest.json' });
  });

  it('registers every configured remote with a timeout plugin', () => {
    expect(registerRemotes).toHaveBeenCalledWith(
      [
        { name: 'public_site', entry: '/p/mf-manifest.json' },
        { name: 'admin_console', entry: '/a/mf-manifest.json' },
      ],
      { force: true },
    );
    const plugin = registerPlugins.mock.calls.at(-1)[0][0];
    expect(plugin.createScript({ url: '/p/remoteEntry.js' })).toEqual({ timeout: REMOTE_TIMEOUT_MS });
    expect(REMOTE_TIMEOUT_MS).toBeLessThanOrEqual(1500);
  });

  it('loads a remote once while it is pending or loaded (the early preload is reused by the slot)', async () => {
    loadRemote.mockResolvedValue({ default: App });
    const [a, b] = await Promise.all([loadRemoteApp('public_site'), loadRemoteApp('public_site')]);
    expect(a.default).toBe(App);
    expect(b).toBe(a);
    await loadRemoteApp('public_site');
    expect(loadRemote).toHaveBeenCalledTimes(1);
    expect(loadRemote).toHaveBeenCalledWith('public_site/App');
  });

  it('forgets a failed load, and a fresh retry re-registers the remote before loading again', async () => {
    loadRemote.mockRejectedValueOnce(new Error('manifest 503')).mockResolvedValueOnce({ default: App });
    await expect(loadRemoteApp('admin_console')).rejects.toThrow('manifest 503');
    registerRemotes.mockClear();
    const retried = await loadRemoteApp('admin_console', { fresh: true });
    expect(retried.default).toBe(App);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'admin_console', entry: '/a/mf-manifest.json' }], {
      force: true,
    });
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it('rejects a remote that does not provide ./App, and one with no configured address', async () => {
    loadRemote.mockResolvedValue({});
    await expect(loadRemoteApp('public_site', { fresh: true })).rejects.toThrow('public_site did not provide ./App');
    registerFederation({});
    await expect(loadRemoteApp('admin_console', { fresh: true })).rejects.toThrow(
      'No address is configured for admin_console',
    );
  });

  it("gives a remote's files the patience while a patient load of it runs, other remotes' the quick timeout", async () => {
    const plugin = registerPlugins.mock.calls.at(-1)[0][0];
    let during: Record<string, number> = {};
    loadRemote.mockImplementation(async () => {
      await Promise.resolve();
      during = {
        adminEntry: plugin.createScript({ url: '/a/remoteEntry.js' }).timeout,
        adminAbsolute: plugin.createScript({ url: `${window.location.origin}/a/remoteEntry.js` }).timeout,
        publicEntry: plugin.createScript({ url: '/p/remoteEntry.js' }).timeout,
        elsewhere: plugin.createScript({ url: 'https://cdn.example.com/remoteEntry.js' }).timeout,
        namedAdmin: plugin.createScript({ url: 'https://cdn.example.com/a.js', remoteInfo: { name: 'admin_console' } })
          .timeout,
        namedPublic: plugin.createScript({ url: '/a/remoteEntry.js', remoteInfo: { name: 'public_site' } }).timeout,
      };
      throw new Error('still down');
    });
    await expect(loadRemoteApp('admin_console', { fresh: true, patient: true })).rejects.toThrow('still down');
    expect(during).toEqual({
      adminEntry: REMOTE_PATIENCE_MS,
      adminAbsolute: REMOTE_PATIENCE_MS,
      publicEntry: REMOTE_TIMEOUT_MS,
      elsewhere: REMOTE_PATIENCE_MS,
      namedAdmin: REMOTE_PATIENCE_MS,
      namedPublic: REMOTE_TIMEOUT_MS,
    });
    await Promise.resolve();
    expect(remoteRequestTimeout('/a/remoteEntry.js')).toBe(REMOTE_TIMEOUT_MS);
    expect(remoteRequestTimeout('https://cdn.example.com/remoteEntry.js')).toBe(REMOTE_TIMEOUT_MS);
    await expect(loadRemoteApp('admin_console', { fresh: true })).rejects.toThrow('still down');
    expect(during.adminEntry).toBe(REMOTE_TIMEOUT_MS);
  });

  it('keeps a newer load when an older one of the same remote fails after it started', async () => {
    let failOlder: (error: Error) => void = () => undefined;
    loadRemote
      .mockImplementationOnce(() => new Promise((_resolve, reject) => (failOlder = reject)))
      .mockResolvedValueOnce({ default: App });
    const older = loadRemoteApp('public_site', { fresh: true });
    const newer = loadRemoteApp('public_site', { fresh: true });
    failOlder(new Error('timed out'));
    await expect(older).rejects.toThrow('timed out');
    await expect(newer).resolves.toEqual({ default: App });
    expect(loadRemoteApp('public_site')).toBe(newer);
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });
});
