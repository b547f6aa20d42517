import DOMPurify from 'dompurify';

/**
 * A chat line is rendered as HTML (table.md §3 "Chat message"), and anyone at the table writes
 * them: only inline formatting survives — no script, style, form, frame or media, no event
 * handler, no attribute but a link's href, and links only to http(s) and mailto.
 */
const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'u', 's', 'br', 'span', 'a', 'code', 'small', 'sup', 'sub'];
const SAFE_URL = /^(?:https?:|mailto:)/i;

let hooked = false;

export function sanitizeMessage(html: string): string {
  if (!hooked) {
    // Every link opens away from the table and gives the opened page no handle on it.
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName !== 'A') return;
      const href = node.getAttribute('href') ?? '';
      if (!SAFE_URL.test(href.trim())) node.removeAttribute('href');
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    });
    hooked = true;
  }
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: SAFE_URL,
  });
}
