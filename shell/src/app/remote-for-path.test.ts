import { remoteForPath } from './remote-for-path';

describe('remoteForPath', () => {
  it.each([
    ['/login', 'admin_console'],
    ['/unauthorized', 'admin_console'],
    ['/admin', 'admin_console'],
    ['/admin/users', 'admin_console'],
    ['/admin/past-papers/edit/3', 'admin_console'],
    ['/', 'public_site'],
    ['/past-papers/cambridge-igcse', 'public_site'],
    ['/administrator', 'public_site'],
    ['/login-help', 'public_site'],
    ['/no/such/page', 'public_site'],
  ])('%s belongs to %s', (path, half) => {
    expect(remoteForPath(path)).toBe(half);
  });
});
