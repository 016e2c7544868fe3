/**
 * Where each element's live demo is: rendered on its docs page from the README markup in the manifest (the
 * default), already on every page of the site, or on the example page that uses it, when the README markup
 * cannot run well on a docs page. Decided per element, with the reason shown to the reader.
 */
import type { ElementDoc } from './element-manifest';

export type DemoPlacement =
  | { kind: 'live'; markup: string; /** Kit tags in the markup: the page loads their scripts. */ tags: string[] }
  | { kind: 'site-wide'; where: string }
  | { kind: 'elsewhere'; href: string; title: string; reason: string }
  | { kind: 'none' };

/**
 * Elements in every page's header or page end (examples/site/Layout.tsx). A second copy would repeat
 * landmarks and ids, so the docs page points at the one already there.
 */
const SITE_WIDE: Readonly<Record<string, string>> = {
  'announcement-banner': "the announcement at the top of this page's header, while one runs and until you close it",
  'mega-menu': "the main navigation in this page's header",
  'mobile-nav': "the Menu button in this page's header, in a narrow window",
  'site-search': "the search field in this page's header",
  'feedback-widget': '“Is this page useful?” at the end of this page',
  'jump-to-top': '“Back to top” at the end of this page, after scrolling down',
};

const BUILDING_CONSENT = { href: '/guidance/building-consent', title: 'Apply for a building consent' };

/** README markup that does not run well here (an excerpt, a server answer it needs, a clash with the page). */
const ELSEWHERE: Readonly<Record<string, { href: string; title: string; reason: string }>> = {
  'decision-tree': {
    href: '/decision-trees/building-consent',
    title: 'Do I need a building consent?',
    reason: 'each answer puts the tree’s own address in the browser history, so a tree runs on a page of its own.',
  },
  'doc-filters': {
    href: '/documents',
    title: 'Document library',
    reason:
      'its README markup is an excerpt (with … for the options and pages), and the results it reloads in place come from the library’s own page.',
  },
  'listing-filters': {
    href: '/news',
    title: 'News',
    reason: 'its README markup is an excerpt, and the results it reloads in place come from the listing’s own page.',
  },
  'jump-links': {
    ...BUILDING_CONSENT,
    reason: 'it lists the headings of the page’s main content, and its README markup brings a main landmark of its own.',
  },
  'multi-step-form': {
    href: '/forms/report-a-problem',
    title: 'Report a problem with a road or footpath',
    reason: 'its README markup is an excerpt (with … for two of its steps), and the form is checked again by the site’s form handler.',
  },
  'search-results': {
    href: '/search/SearchForm?Search=rates',
    title: 'Search results for “rates”',
    reason: 'its README markup is an excerpt with a page heading of its own, and the results come from the search page’s query.',
  },
  'video-thumbnail': {
    ...BUILDING_CONSENT,
    reason: 'the thumbnail image of its README markup (/thumb.jpg) does not exist on this site.',
  },
};

/** Kit tags (from the manifest) used in a piece of markup. */
const tagsIn = (markup: string, kitTags: readonly string[]) => kitTags.filter((tag) => new RegExp(`<${tag}[\\s>/]`).test(markup));

export function demoPlacement(element: ElementDoc, kitTags: readonly string[]): DemoPlacement {
  const where = SITE_WIDE[element.tagName];
  if (where) return { kind: 'site-wide', where };
  const elsewhere = ELSEWHERE[element.tagName];
  if (elsewhere) return { kind: 'elsewhere', ...elsewhere };
  if (!element.demo) return { kind: 'none' };
  return { kind: 'live', markup: element.demo, tags: tagsIn(element.demo, kitTags) };
}
