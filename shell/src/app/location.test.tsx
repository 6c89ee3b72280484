import { act, render, screen } from '@testing-library/react';
import { usePathname } from './location';

function Probe() {
  return <output data-testid="path">{usePathname()}</output>;
}

describe('usePathname', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('follows pushState and replaceState made by any router, and back/forward', () => {
    render(<Probe />);
    expect(screen.getByTestId('path').textContent).toBe('/');
    act(() => window.history.pushState(null, '', '/login'));
    expect(screen.getByTestId('path').textContent).toBe('/login');
    act(() => window.history.replaceState(null, '', '/admin/users'));
    expect(screen.getByTestId('path').textContent).toBe('/admin/users');
    act(() => {
      window.history.replaceState(null, '', '/subjects/0625');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByTestId('path').textContent).toBe('/subjects/0625');
  });
});
