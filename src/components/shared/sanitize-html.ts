import type { Config } from 'dompurify';

/**
 * The kit's one sanitiser for server markup put into the page (decision-tree steps, failure messages, listing
 * fragments): DOMPurify, loaded on first use only (a page that never receives markup never downloads it), with
 * one configuration per kind of markup, kept here. The nodes come back as nodes of this document, never through
 * innerHTML.
 */

/** The common rules: no script, no styles (the site's CSP refuses inline styles anyway), nothing that loads another document. */
const BASE_CONFIG: Config = {
  FORBID_TAGS: ['script', 'style', 'link', 'meta', 'base', 'iframe', 'frame', 'object', 'embed', 'template', 'noscript'],
  FORBID_ATTR: ['style', 'srcdoc'],
  // Event handler attributes (on*) are always removed by DOMPurify; javascript: URLs too.
};

/**
 * A failure's body is whatever answered (an error page, a proxy's page): text and its structure only. No
 * images, forms or landmarks, and no ids that could clash with the page's own.
 */
const MESSAGE_CONFIG: Config = {
  ...BASE_CONFIG,
  ALLOWED_TAGS: (
    'p br hr a strong b em i code pre small abbr time span div blockquote ul ol li dl dt dd ' +
    'h1 h2 h3 h4 h5 h6 table caption thead tbody tr th td'
  ).split(' '),
  ALLOWED_ATTR: ['href', 'title', 'lang', 'dir', 'datetime', 'scope', 'colspan', 'rowspan'],
};

/**
 * - `step`: a decision tree's next step: forms, ids and images kept;
 * - `fragment`: a listing's results region or a filter field, reloaded in place: the same;
 * - `message`: a failure's body: text and its structure only.
 * Every profile keeps forms posting to this site only.
 */
export type SanitizeProfile = 'step' | 'fragment' | 'message';

const PROFILES: Record<SanitizeProfile, Config> = { step: BASE_CONFIG, fragment: BASE_CONFIG, message: MESSAGE_CONFIG };

/** Attributes that say where a form sends its answers (a button's formaction overrides its form's action). */
const FORM_TARGET_ATTRIBUTES = ['action', 'formaction'];

/** An address this page's own site answers: markup from the server must not make a visitor post elsewhere. */
function isThisSite(value: string): boolean {
  try {
    const url = new URL(value, document.baseURI);
    return url.origin === location.origin && (url.protocol === 'https:' || url.protocol === 'http:');
  } catch {
    return false;
  }
}

/**
 * A form whose action is another site's loses it (and so posts to the page it is on, which the element handles);
 * the same for a button's formaction. Only CSP's form-action would otherwise stop the answers going elsewhere.
 */
function keepFormsOnThisSite(node: Element): void {
  for (const name of FORM_TARGET_ATTRIBUTES) {
    const value = node.getAttribute?.(name);
    if (value !== null && value !== undefined && !isThisSite(value)) node.removeAttribute(name);
  }
}

type Purifier = (typeof import('dompurify'))['default'];
let purifier: Promise<Purifier> | undefined;

/** DOMPurify, loaded once, with the kit's rules installed. */
export async function loadSanitizer(): Promise<Purifier> {
  purifier ??= import('dompurify').then((module) => {
    const DOMPurify = module.default;
    DOMPurify.addHook('afterSanitizeAttributes', keepFormsOnThisSite);
    return DOMPurify;
  });
  try {
    return await purifier;
  } catch (error) {
    // A failed download may succeed on the next try.
    purifier = undefined;
    throw error;
  }
}

/** The sanitised nodes of an HTML string, by profile. Rejects only when the sanitiser could not be loaded. */
export async function sanitizeHtml(html: string, profile: SanitizeProfile = 'step'): Promise<Node[]> {
  const DOMPurify = await loadSanitizer();
  return sanitizeWith(DOMPurify, html, profile);
}

/** The same, with the sanitiser already loaded (callers that load it alongside something else). */
export function sanitizeWith(DOMPurify: Purifier, html: string, profile: SanitizeProfile): Node[] {
  const fragment = DOMPurify.sanitize(html, { ...PROFILES[profile], RETURN_DOM_FRAGMENT: true });
  // Appending adopts the nodes into this document; nothing is cloned or parsed twice.
  return Array.from(fragment.childNodes);
}

/**
 * The sanitised child nodes of an element of an inert document (a fetched page parsed by DOMParser): the
 * element is sanitised as a whole, with its own attributes, and its cleaned children are returned.
 */
export function sanitizeChildrenWith(DOMPurify: Purifier, root: Element, profile: SanitizeProfile): Node[] {
  const fragment = DOMPurify.sanitize(root, { ...PROFILES[profile], RETURN_DOM_FRAGMENT: true });
  const cleaned = fragment.firstChild;
  // A root the profile refuses is dropped and its content kept in its place: then the fragment is the content.
  const content = fragment.childNodes.length === 1 && cleaned?.nodeName === root.nodeName ? cleaned : fragment;
  return Array.from(content.childNodes);
}
