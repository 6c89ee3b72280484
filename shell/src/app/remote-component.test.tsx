import { render, screen } from '@testing-library/react';
import { useInRouterContext, useLocation } from 'react-router';
import { remoteComponent } from './remote-component';

/** A remote of an earlier release: its routes need the host's router (useLocation throws outside one). */
function LegacyApp() {
  return <p>{`legacy at ${useLocation().pathname}`}</p>;
}

function OwnRouterApp() {
  return <p>{useInRouterContext() ? 'wrapped' : 'left alone'}</p>;
}

describe('remoteComponent', () => {
  it("wraps a remote without OWN_ROUTER in the shell's react-router", async () => {
    window.history.replaceState(null, '', '/faqs');
    const { default: Component } = await remoteComponent({ default: LegacyApp });
    render(<Component />);
    expect(screen.getByText('legacy at /faqs').tagName).toBe('P');
  });

  it('renders a remote that brings its own router as it is', async () => {
    const { default: Component } = await remoteComponent({ default: OwnRouterApp, OWN_ROUTER: true });
    render(<Component />);
    expect(screen.getByText('left alone').tagName).toBe('P');
  });
});
