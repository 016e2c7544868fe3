import type { ExtractionConfig } from './config';
import { blockText, headingTexts } from './dom-text';
import { queryAllSafely, querySafely } from './field-rules';
import { MIN_READABLE_CHARS, READABILITY_MAX_ELEMENTS } from './limits';

/**
 * The page's main content, as text and headings. In order:
 * 1. a configured content selector, when it matches: the site says where its content is;
 * 2. Readability's article (it drops headers, navigation, footers, banners and link lists by scoring the page),
 *    when it finds one of some length, and, on a page with a `<main>`, one that is not much smaller than it (a
 *    listing page, where Readability would keep one teaser of many);
 * 3. the `<main>` element (or role=main) without its navigation and asides;
 * 4. the body without its header, navigation, footer, asides and landmark chrome.
 * Configured removals, cookie banners and hidden parts are left out of every one. Readability changes the document
 * it reads, so it runs last, after everything else was read, and the fallback is worked out before it.
 */
export interface MainContent {
  text: string;
  headings: string[];
  /** Where it came from, for tests and diagnostics. */
  source: 'selector' | 'readability' | 'main' | 'body';
  /** The element it came from, for a first `<time>`; not to be read after Readability ran on the page. */
  root?: Element;
}

/** Chrome left out of the body fallback: page-level landmarks that are not content, dialogs and skip links. */
const BODY_CHROME = [
  'header, nav, footer, aside, [role="banner"], [role="navigation"], [role="contentinfo"], [role="complementary"]',
  '[role="search"], dialog, [role="dialog"], [role="alertdialog"], a[href^="#"][class*="skip" i]',
].join(', ');
/**
 * Cookie and consent banners, often a plain region named only by its class or id. Never content, and short pages
 * and link lists can make Readability take one for the article, so they are left out everywhere; but a name is
 * only a hint ("page-cookie-policy" on a wrapper), so an element holding a heading or the main content stays.
 */
const BANNER_NAMES = '[class*="cookie" i], [id*="cookie" i], [class*="consent" i], [id*="consent" i]';
const CONTENT_INSIDE = 'main, article, h1, [role="main"]';

function banners(root: ParentNode): Element[] {
  return queryAllSafely(root, BANNER_NAMES).filter(
    (element) => !['html', 'body', 'main', 'article'].includes(element.localName.toLowerCase()) && !element.querySelector(CONTENT_INSIDE),
  );
}

/** Left out of `<main>`: its navigation (breadcrumbs, in-page links) and asides (related pages). */
const MAIN_CHROME = 'nav, aside, [role="navigation"], [role="complementary"], [role="search"]';
/** A Readability article shorter than this share of `<main>`'s text is taken for a fragment of a listing. */
const MIN_SHARE_OF_MAIN = 0.5;

function skipSet(root: ParentNode, selectors: readonly string[]): Set<Node> {
  const skip = new Set<Node>(banners(root));
  for (const selector of selectors) for (const element of queryAllSafely(root, selector)) skip.add(element);
  return skip;
}

function contentOf(root: Element, skip: Set<Node>, source: MainContent['source']): MainContent {
  return { text: blockText(root, skip), headings: headingTexts(root, skip), source, root };
}

/** Content from the configured selector, or undefined when it matches nothing here. */
export function selectedContent(document: Document, config: ExtractionConfig): MainContent | undefined {
  if (!config.contentSelector) return undefined;
  const root = querySafely(document, config.contentSelector);
  if (!root) return undefined;
  return contentOf(root, skipSet(root, config.removeSelectors ?? []), 'selector');
}

/** The fallback: `<main>` without its chrome, else the body without the page's chrome. */
export function fallbackContent(document: Document, config: ExtractionConfig): MainContent {
  const removals = config.removeSelectors ?? [];
  const main = querySafely(document, 'main:not([hidden]), [role="main"]');
  if (main) return contentOf(main, skipSet(main, [MAIN_CHROME, ...removals]), 'main');
  const body = document.body ?? document.documentElement;
  return contentOf(body, skipSet(body, [BODY_CHROME, ...removals]), 'body');
}

/**
 * Readability's article, or undefined when it finds none worth taking (see above). Runs on `document` and
 * changes it: call it last. Configured removals are taken out of the page first.
 */
export async function readableContent(document: Document, config: ExtractionConfig, fallback: MainContent): Promise<MainContent | undefined> {
  if (document.querySelectorAll('*').length > READABILITY_MAX_ELEMENTS) return undefined;
  for (const element of skipSet(document, config.removeSelectors ?? [])) (element as Element).remove();
  const { Readability } = await import('@mozilla/readability');
  let article: ReturnType<InstanceType<typeof Readability<Node>>['parse']>;
  try {
    article = new Readability<Node>(document, { serializer: (node) => node, disableJSONLD: true }).parse();
  } catch {
    return undefined;
  }
  const root = article?.content;
  if (!root) return undefined;
  const text = blockText(root);
  if (text.length < MIN_READABLE_CHARS) return undefined;
  if (fallback.source === 'main' && text.length < fallback.text.length * MIN_SHARE_OF_MAIN) return undefined;
  return { text, headings: headingTexts(root as Element), source: 'readability' };
}
