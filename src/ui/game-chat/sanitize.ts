import DOMPurify from 'dompurify';

/**
 * A chat line is rendered as HTML (table.md §3 "Chat message"), and anyone at the table writes
 * them: only inline formatting survives — no script, style, form, frame or media, no event
 * handler, no attribute but a link's href, and links only to http(s). A web address written as
 * plain text becomes a link too, built as a node (never as markup), so its text cannot inject any.
 */
const ALLOWED_TAGS = ['b', 'strong', 'i', 'em', 'u', 's', 'br', 'span', 'a', 'code', 'small', 'sup', 'sub'];
const SAFE_URL = /^https?:/i;
/** An address up to a space or a quote; the punctuation that ends a sentence is not part of it. */
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"']+?(?=[.,;:!?)\]»]*(?:\s|$))/i;

/** Every link opens away from the table and gives the opened page no handle on it. */
function openAway(link: Element) {
  link.setAttribute('target', '_blank');
  link.setAttribute('rel', 'noopener noreferrer nofollow');
}

let hooked = false;

/** The text nodes outside links whose text holds a web address. */
function textsWithAddresses(root: DocumentFragment): Text[] {
  const found: Text[] = [];
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest('a') && WEB_ADDRESS.test(node.textContent ?? '')) {
      found.push(node as Text);
    }
  }
  return found;
}

function linkAddresses(root: DocumentFragment) {
  const document = root.ownerDocument;
  for (const node of textsWithAddresses(root)) {
    const text = node.textContent ?? '';
    const pieces = document.createDocumentFragment();
    let from = 0;
    for (const match of text.matchAll(new RegExp(WEB_ADDRESS, 'gi'))) {
      pieces.append(text.slice(from, match.index));
      const link = document.createElement('a');
      link.setAttribute('href', match[0]);
      link.textContent = match[0];
      openAway(link);
      pieces.append(link);
      from = match.index + match[0].length;
    }
    pieces.append(text.slice(from));
    node.replaceWith(pieces);
  }
}

export function sanitizeMessage(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName !== 'A') return;
      const href = node.getAttribute('href') ?? '';
      if (!SAFE_URL.test(href.trim())) node.removeAttribute('href');
      openAway(node);
    });
    hooked = true;
  }
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOW_DATA_ATTR: false,
    ALLOWED_URI_REGEXP: SAFE_URL,
    RETURN_DOM_FRAGMENT: true,
  });
  linkAddresses(clean);
  const holder = clean.ownerDocument.createElement('div');
  holder.append(clean);
  return holder.innerHTML;
}
