import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { memoryLocation } from 'wouter/memory-location';
import { Link, NavLink, Route, Router, Switch, useParams, usePathname, useSearchParams } from './router';

function Probe() {
  const { code } = useParams();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <output data-testid="code">{code}</output>
      <output data-testid="q">{params.get('q')}</output>
      <output data-testid="path">{usePathname()}</output>
      <button
        type="button"
        onClick={() =>
          setParams((rendered) => {
            rendered.set('sort', 'year');
            return rendered;
          })
        }
      >
        sort
      </button>
    </>
  );
}

const activeClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'active' : 'idle');

describe('the public router', () => {
  it('decodes route parameters and reads the search as the address has it', () => {
    render(
      <Router hook={memoryLocation({ path: '/subjects/A%26B%20C?q=50%2541' }).hook}>
        <Route path="/subjects/:code">
          <Probe />
        </Route>
      </Router>,
    );
    expect(screen.getByTestId('code')).toHaveTextContent('A&B C');
    // '%2541' is a percent sign then "41", not "A" (the query is decoded once, by URLSearchParams).
    expect(screen.getByTestId('q')).toHaveTextContent('50%41');
  });

  it('changes search params on the same path, keeping the others', async () => {
    const location = memoryLocation({ path: '/past-papers/igcse?q=physics', record: true });
    render(
      <Router hook={location.hook}>
        <Route path="/past-papers/:category">
          <Probe />
        </Route>
      </Router>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'sort' }));
    expect(location.history?.at(-1)).toBe('/past-papers/igcse?q=physics&sort=year');
    expect(location.history).toHaveLength(2);
  });

  it('replaces the history entry for a link to the address already shown, and adds one for another address', async () => {
    const location = memoryLocation({ path: '/search?q=physics', record: true });
    render(
      <Router hook={location.hook}>
        <Link to="/search?q=physics">again</Link>
        <Link to="/faqs">faqs</Link>
      </Router>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'again' }));
    expect(location.history).toEqual(['/search?q=physics']);
    await user.click(screen.getByRole('link', { name: 'faqs' }));
    expect(location.history).toEqual(['/search?q=physics', '/faqs']);
    expect(screen.getByRole('link', { name: 'faqs' })).toHaveAttribute('href', '/faqs');
  });

  it('shows the first matching route, and the path-less one when none matches', () => {
    const at = (path: string) =>
      renderToString(
        <Router ssrPath={path}>
          <Switch>
            <Route path="/past-papers/subject">subject</Route>
            <Route path="/past-papers/:category">category</Route>
            <Route>not found</Route>
          </Switch>
        </Router>,
      );
    expect(at('/past-papers/subject')).toBe('subject');
    expect(at('/Past-Papers/igcse/')).toBe('category');
    expect(at('/past-papers/igcse/extra')).toBe('not found');
  });

  it('marks the current page in navigation links, and the section below an unbounded link', () => {
    const { rerender } = render(
      <Router hook={memoryLocation({ path: '/my-papers/recent' }).hook}>
        <NavLink to="/" end className={activeClass}>
          Home
        </NavLink>
        <NavLink to="/my-papers" className={activeClass}>
          My papers
        </NavLink>
      </Router>,
    );
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('idle');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'My papers' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'My papers' })).toHaveAttribute('aria-current', 'page');
    act(() =>
      rerender(
        <Router hook={memoryLocation({ path: '/' }).hook}>
          <NavLink to="/" end className={activeClass}>
            Home
          </NavLink>
        </Router>,
      ),
    );
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });
});
