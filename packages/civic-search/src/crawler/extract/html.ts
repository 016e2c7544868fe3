import type { ExtractionConfig } from './config';
import { firstDate } from './dates';
import { inlineText, isInside } from './dom-text';
import { fieldValue, mappedValues, ruleValues } from './field-rules';
import { fitDocument } from './fit-document';
import { fallbackContent, readableContent, selectedContent, type MainContent } from './html-content';
import { decodeHtml } from './html-decode';
import { pageLinks } from './html-links';
import { baseUrl, canonicalUrl, firstMeta, readMetaTags, robotsMetaContents, type MetaTags } from './html-meta';
import { MAX_HTML_BYTES, SUMMARY_CHARS, TITLE_CHARS } from './limits';
import { addHeaderDirectives, addMetaDirectives, CRAWLER_ROBOTS_NAME } from './robots';
import { cleanLine, shorten, titleFromFileName } from './text';
import type { CrawledDocument, Extraction, FetchedResource } from './types';

/** Built-in meta tags for each field, first found wins (after configuration, see field-rules.ts). */
const TITLE_META = ['og:title', 'dcterms.title', 'dc.title'];
const SUMMARY_META = ['description', 'og:description', 'dcterms.description', 'dc.description'];
const DATE_META = ['article:published_time', 'dcterms.date', 'dc.date.issued', 'dcterms.issued', 'dcterms.created'];
const FIELD_META: Record<string, readonly string[]> = {
  document_type: ['civic:document-type', 'dcterms.type', 'dc.type'],
  topic: ['civic:topic', 'article:section', 'dcterms.subject', 'dc.subject'],
  subtopic: ['civic:subtopic'],
  subsite: ['civic:subsite'],
};
const SITE_NAME_META = ['og:site_name', 'application-name'];
export const DEFAULT_HTML_TYPE = 'Page';
/** Separators sites put between a page's title and the site's name. */
const TITLE_SEPARATORS = ['|', '-', '–', '—', ':', '·', '•', '::', '»'];
/** A paragraph this long makes a summary; shorter ones (a date line, a "Print" link) are passed over. */
const SUMMARY_PARAGRAPH_CHARS = 60;

/** A title without the configured suffix (or, with `true`, the site's name after a separator). */
function stripTitleSuffix(title: string, config: ExtractionConfig, meta: MetaTags): string {
  const option = config.titleSuffix;
  if (!option) return title;
  let suffixes: string[];
  if (option === true) {
    const siteName = firstMeta(meta, SITE_NAME_META);
    suffixes = siteName ? TITLE_SEPARATORS.map((separator) => `${separator} ${siteName}`) : [];
  } else suffixes = (Array.isArray(option) ? option : [option]).map((suffix) => cleanLine(suffix));
  const lower = title.toLowerCase();
  for (const suffix of suffixes) {
    if (suffix && lower.endsWith(suffix.toLowerCase()) && title.length > suffix.length) {
      return title.slice(0, title.length - suffix.length).trim();
    }
  }
  return title;
}

function pageTitle(document: Document, meta: MetaTags, config: ExtractionConfig, firstH1: string | undefined, url: string): string {
  const fromMeta = firstMeta(meta, TITLE_META);
  const titleElement = document.querySelector('title');
  const written = titleElement ? stripTitleSuffix(cleanLine(titleElement.textContent ?? ''), config, meta) : '';
  return shorten(fromMeta || written || firstH1 || titleFromFileName(url), TITLE_CHARS);
}

/** The first paragraph of the content long enough to say something, else its first. */
function firstParagraph(text: string): string {
  const paragraphs = text.split('\n\n', 50).map(cleanLine).filter(Boolean);
  return paragraphs.find((paragraph) => paragraph.length >= SUMMARY_PARAGRAPH_CHARS) ?? paragraphs[0] ?? '';
}

/** The first h1 of the page outside its chrome: the page's own heading, whatever Readability keeps of it. */
function firstHeading(document: Document, chrome: ReadonlySet<Node>): string | undefined {
  for (const h1 of document.querySelectorAll('h1')) {
    if (isInside(h1, chrome)) continue;
    const text = inlineText(h1);
    if (text) return text;
  }
  return undefined;
}

/** The datetime of the first `<time>` of the content (read before Readability changes the page). */
function contentTime(content: MainContent): string | undefined {
  const times = content.root?.querySelectorAll('time[datetime]') ?? [];
  for (const time of times) {
    const date = firstDate([time.getAttribute('datetime')]);
    if (date) return date;
  }
  return undefined;
}

function sameHost(a: string, b: string): boolean {
  try {
    return new URL(a).host === new URL(b).host;
  } catch {
    return false;
  }
}

export async function extractHtml(resource: FetchedResource, config: ExtractionConfig): Promise<Extraction> {
  const html = decodeHtml(resource.body.subarray(0, MAX_HTML_BYTES), resource.headers);
  const { parseHTML } = await import('linkedom');
  let document = parseHTML(html).document as unknown as Document;
  // The parser builds no document from an empty body or one opening with binary noise; inside a skeleton it does.
  if (!document.documentElement) document = parseHTML(`<!doctype html><html><body>${html}`).document as unknown as Document;

  // Everything read from the page as written comes first: Readability, last, changes the document.
  const robots = { noindex: false, nofollow: false };
  for (const content of robotsMetaContents(document, ['robots', CRAWLER_ROBOTS_NAME])) addMetaDirectives(robots, content);
  addHeaderDirectives(robots, resource.headers.get('x-robots-tag'));
  const canonical = canonicalUrl(document, resource.url);
  const links = pageLinks(document, baseUrl(document, resource.url));
  const meta = readMetaTags(document);
  const configured = { ...mappedValues(document, meta, config), ...ruleValues(resource.url, config) };

  const fallback = fallbackContent(document, config);
  const selected = selectedContent(document, config);
  const chrome = new Set<Node>(document.querySelectorAll('header, nav, footer, aside'));
  const h1 = firstHeading(document, chrome);
  const title = pageTitle(document, meta, config, h1, resource.url);
  const metaSummary = firstMeta(meta, SUMMARY_META);
  const time = contentTime(selected ?? fallback);
  const content = selected ?? (await readableContent(document, config, fallback)) ?? fallback;

  const headings = content.headings.slice();
  if (h1 && !headings.includes(h1)) headings.unshift(h1);
  const published = firstDate([...DATE_META.map((name) => meta.get(name))]) ?? time ?? firstDate([resource.sitemapLastmod]);

  const document_: CrawledDocument = {
    url: canonical && sameHost(canonical, resource.url) ? canonical : resource.url,
    title,
    summary: shorten(metaSummary || firstParagraph(content.text), SUMMARY_CHARS),
    body: content.text,
    headings: headings.join('\n'),
  };
  if (published) document_.published_date = published;
  for (const [field, names] of Object.entries(FIELD_META)) {
    const value = fieldValue(field, firstMeta(meta, names));
    if (value) document_[field] = value;
  }
  document_.document_type ??= DEFAULT_HTML_TYPE;
  Object.assign(document_, configured);
  return {
    kind: 'html',
    document: fitDocument(document_, config),
    noindex: robots.noindex,
    nofollow: robots.nofollow,
    links,
    ...(canonical ? { canonical } : {}),
  };
}
