import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import type { MouseEvent } from 'react';
import { useNavigate } from '../lib/router';
import styles from './RichText.module.css';

const BLOCK = '(?:p|div|ul|ol|li|h[1-6]|table|thead|tbody|tr|td|th|blockquote|pre)';
const NEWLINE_AFTER_BLOCK_TAG = new RegExp(`(<\\/?${BLOCK}\\b[^>]*>)[ \\t]*\\r?\\n`, 'gi');
const NEWLINE_BEFORE_BLOCK_TAG = new RegExp(`\\r?\\n[ \\t]*(?=<\\/?${BLOCK}\\b)`, 'gi');

let purifier: Purifier | null = null;
let serverWindow: Parameters<typeof DOMPurify>[0] | null = null;

/**
 * The DOM a server render sanitises with (jsdom, which DOMPurify supports on Node.js): set once by the server
 * bundle (app/server.tsx), never in the browser, so the same DOMPurify settings make the same HTML on both sides.
 */
export function setServerWindow(domWindow: Parameters<typeof DOMPurify>[0]): void {
  serverWindow = domWindow;
  purifier = null;
}

/** One DOMPurify instance of our own, so its link hook does not leak into anyone else's. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(serverWindow ?? window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A' || !node.hasAttribute('target')) return;
    if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
    else node.removeAttribute('target');
  });
  return purifier;
}

/**
 * Stored rich text (FAQ answers) as safe HTML: line breaks are kept as <br> (except around block elements, where
 * they are only source formatting), then DOMPurify removes scripts, event handlers, styles and anything else
 * that could run. Sanitising comes last, so nothing added here can bypass it.
 */
export function toSafeHtml(html: string): string {
  const withBreaks = html
    .replace(NEWLINE_AFTER_BLOCK_TAG, '$1')
    .replace(NEWLINE_BEFORE_BLOCK_TAG, '')
    .replace(/\r\n|\r|\n/g, '<br>');
  return getPurifier().sanitize(withBreaks, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
    ADD_ATTR: ['target'],
  });
}

/** Renders sanitised rich text. Links to pages of this site move within the app instead of reloading it. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/backend/')) return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };
  return (
    // The links inside are real anchors (keyboard users activate them with Enter, which clicks them): this only
    // delegates their clicks to the router.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      className={[styles.rich, className ?? ''].filter(Boolean).join(' ')}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: toSafeHtml(html) }}
    />
  );
}
