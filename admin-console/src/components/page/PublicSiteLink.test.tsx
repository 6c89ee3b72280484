import { HostContext, STANDALONE_HOST } from '@ppl/shared-ui/host';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { PublicSiteLink } from './PublicSiteLink';

function renderWith(host: typeof STANDALONE_HOST) {
  render(
    <HostContext.Provider value={host}>
      <MemoryRouter>
        <PublicSiteLink to="/subjects/0625">View Papers</PublicSiteLink>
      </MemoryRouter>
    </HostContext.Provider>,
  );
  return screen.getByRole('link', { name: 'View Papers' });
}

describe('PublicSiteLink', () => {
  it("is a page load to the shell's public half (a remote with its own router)", () => {
    const link = renderWith({ ...STANDALONE_HOST, host: 'shell', publicSiteUrl: '/' });
    expect(link).toHaveAttribute('href', '/subjects/0625');
    expect(link).not.toHaveAttribute('data-discover');
  });

  it("is a page load to the public site's own origin when the console runs alone", () => {
    const link = renderWith({ ...STANDALONE_HOST, publicSiteUrl: 'https://library.example/' });
    expect(link).toHaveAttribute('href', 'https://library.example/subjects/0625');
    expect(link).not.toHaveAttribute('data-discover');
  });
});
