import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, renderWithProviders } from '../../test/render';
import { RichText, toSafeHtml } from './RichText';

describe('toSafeHtml (FAQ answers)', () => {
  it('keeps line breaks as <br>', () => {
    expect(toSafeHtml('Start with a recent paper.\nMark it.\r\nThen read the report.')).toBe(
      'Start with a recent paper.<br>Mark it.<br>Then read the report.',
    );
  });

  it('does not add breaks around block elements, where newlines are only formatting', () => {
    expect(toSafeHtml('<ul>\n<li>One</li>\n<li>Two</li>\n</ul>\nAfter')).toBe('<ul><li>One</li><li>Two</li></ul>After');
  });

  it('keeps harmless formatting and links', () => {
    expect(toSafeHtml('We cover <strong>Cambridge</strong> and <a href="/contact">contact</a>.')).toBe(
      'We cover <strong>Cambridge</strong> and <a href="/contact">contact</a>.',
    );
  });

  it('removes scripts, event handlers, javascript: links, styles and frames', () => {
    const dirty =
      '<p onclick="steal()">Hi<script>alert(1)</script></p><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a><iframe src="//evil"></iframe><span style="position:fixed">s</span>';
    const clean = toSafeHtml(dirty);
    expect(clean).not.toMatch(/script|onerror|onclick|javascript:|iframe|style=/i);
    expect(clean).toContain('<p>Hi</p>');
  });

  it('makes links that open a new tab safe', () => {
    expect(toSafeHtml('<a href="https://example.com" target="_blank">x</a>')).toContain('rel="noopener noreferrer"');
  });

  it('renders the sanitised markup', () => {
    const { container } = renderWithProviders(
      <RichText html={'<em>Yes</em>\nNo<img src=x onerror="window.__pwned=1">'} />,
    );
    expect(container.querySelector('em')).toHaveTextContent('Yes');
    expect(container.querySelector('br')).not.toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('follows links to pages of the site inside the app', async () => {
    renderWithProviders(
      <RichText
        html={'Use the <a href="/contact">Contact page</a> or <a href="https://example.com/x">elsewhere</a>.'}
      />,
      { route: '/faqs' },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Contact page' }));
    expect(currentLocation()).toBe('/contact');
  });
});
