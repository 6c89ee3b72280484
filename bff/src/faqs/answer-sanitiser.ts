import sanitizeHtml from 'sanitize-html';

/**
 * FAQ answers are HTML written by admins and rendered on the public site. Basic formatting and links survive;
 * scripts, event handlers, styles, iframes and javascript: URLs do not. Plain line breaks stay as \n (the client
 * renders them).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 'p', 'br', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'code', 'blockquote'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // External links opened in a new tab must not get a handle on this window.
  transformTags: {
    a: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = { ...attribs };
      if (next.target !== undefined && next.target !== '_blank') delete next.target;
      if (next.target === '_blank') next.rel = 'noopener noreferrer';
      else delete next.rel;
      return { tagName, attribs: next };
    },
  },
};

export function sanitiseAnswer(html: string): string {
  return sanitizeHtml(html.replace(/\r\n?/g, '\n'), OPTIONS).trim();
}
