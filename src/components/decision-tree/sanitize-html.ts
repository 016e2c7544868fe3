import type { Config } from 'dompurify';

/**
 * Server markup for the page, through DOMPurify: loaded on first use only (pages that never answer a step
 * never download it), returned as nodes of this document, never through innerHTML.
 */
const CONFIG: Config = {
  RETURN_DOM_FRAGMENT: true,
  // No script, no styles (the site's CSP refuses inline styles anyway), nothing that loads another document.
  FORBID_TAGS: ['script', 'style', 'link', 'meta', 'base', 'iframe', 'frame', 'object', 'embed', 'template', 'noscript'],
  FORBID_ATTR: ['style', 'srcdoc'],
  // Event handler attributes (on*) are always removed by DOMPurify; javascript: URLs too.
};

/**
 * A failure's body is whatever answered (an error page, a proxy's page): text and its structure only. No
 * images, forms or landmarks, and no ids that could clash with the page's own.
 */
const MESSAGE_CONFIG: Config = {
  ...CONFIG,
  ALLOWED_TAGS: (
    'p br hr a strong b em i code pre small abbr time span div blockquote ul ol li dl dt dd ' +
    'h1 h2 h3 h4 h5 h6 table caption thead tbody tr th td'
  ).split(' '),
  ALLOWED_ATTR: ['href', 'title', 'lang', 'dir', 'datetime', 'scope', 'colspan', 'rowspan'],
};

type Purifier = (typeof import('dompurify'))['default'];
let purifier: Promise<Purifier> | undefined;

async function loadPurifier(): Promise<Purifier> {
  purifier ??= import('dompurify').then((module) => module.default);
  try {
    return await purifier;
  } catch (error) {
    // A failed download may succeed on the next try.
    purifier = undefined;
    throw error;
  }
}

/**
 * The sanitised nodes of an HTML string: a `step` keeps forms, ids and images; a `message` (a failure's body)
 * keeps text and its structure only. Rejects only when the sanitiser could not be loaded.
 */
export async function sanitizeHtml(html: string, profile: 'step' | 'message' = 'step'): Promise<Node[]> {
  const DOMPurify = await loadPurifier();
  const fragment = DOMPurify.sanitize(html, { ...(profile === 'step' ? CONFIG : MESSAGE_CONFIG), RETURN_DOM_FRAGMENT: true });
  // Appending adopts the nodes into this document; nothing is cloned or parsed twice.
  return Array.from(fragment.childNodes);
}
