import { fetchRemotesConfig, parseRemotesConfig } from './remotes-config';

describe('parseRemotesConfig', () => {
  it('keeps the two known remotes and ignores anything else', () => {
    expect(
      parseRemotesConfig({
        public_site: ' https://cdn.example/public/mf-manifest.json ',
        admin_console: '/remotes/admin-console/mf-manifest.json',
        evil: 'https://elsewhere.example/x.json',
      }),
    ).toEqual({
      public_site: 'https://cdn.example/public/mf-manifest.json',
      admin_console: '/remotes/admin-console/mf-manifest.json',
    });
  });

  it('leaves out empty or non-string entries', () => {
    expect(parseRemotesConfig({ public_site: '', admin_console: 42 })).toEqual({});
  });

  it('rejects a config that is not an object', () => {
    expect(() => parseRemotesConfig('nope')).toThrow('remotes config must be an object');
  });
});

describe('fetchRemotesConfig', () => {
  it('reads /remotes.json without the HTTP cache', async () => {
    const calls: Array<[string, RequestInit | undefined]> = [];
    const fakeFetch = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return { ok: true, status: 200, json: async () => ({ public_site: '/p/mf-manifest.json' }) };
    }) as unknown as typeof fetch;
    await expect(fetchRemotesConfig(fakeFetch)).resolves.toEqual({ public_site: '/p/mf-manifest.json' });
    expect(calls[0]![0]).toBe('/remotes.json');
    expect(calls[0]![1]?.cache).toBe('no-store');
  });

  it('fails on an error status', async () => {
    const fakeFetch = (async () => ({ ok: false, status: 503, json: async () => ({}) })) as unknown as typeof fetch;
    await expect(fetchRemotesConfig(fakeFetch)).rejects.toThrow('remotes config answered 503');
  });
});
