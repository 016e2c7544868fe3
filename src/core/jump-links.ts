/**
 * Jump links (a content page's "On this page" list): which headings count, when a list is built, and the
 * readable, unique ids given to headings that have none. Framework-free: headings arrive as plain data.
 */
import { JUMP_LINK_MIN_HEADINGS_EXCLUSIVE } from './constants';

/** A heading as read from the page. */
export interface HeadingData {
  /** The heading's text as a visitor reads it. */
  text: string;
  /** Its id; an empty string when it has none. */
  id: string;
  /** Marked to be skipped (by the ignore selector, or inside an element that is not a page section). */
  ignored: boolean;
}

/** One link of the list. */
export interface JumpLink {
  /** Position of the heading in the list given to `planJumpLinks`. */
  index: number;
  /** The heading's id: its own, or a generated one. */
  id: string;
  /** The link text: the heading's text with whitespace collapsed. */
  text: string;
  /** True when the heading had no id and `id` was made for it: the caller sets it on the heading. */
  generated: boolean;
}

export interface JumpLinkPlan {
  /** Whether the page has enough headings for a list; when false the jump-link area is hidden. */
  build: boolean;
  /** The links, in page order; empty when `build` is false (nothing on the page needs to change). */
  links: JumpLink[];
}

/** Headings skipped by default: authors mark them with this class or data attribute. */
export const DEFAULT_IGNORE_SELECTOR = '.jump-links-ignore, [data-jump-links-ignore]';

/**
 * Kit elements whose h2s belong to a widget, not to a section of the page: their headings never count.
 * (Accordion headings do count: an accordion's sections are sections of the page.)
 */
export const NON_SECTION_ELEMENTS = [
  'mobile-nav',
  'jump-links',
  'feedback-widget',
  'announcement-banner',
  'share-panel',
  'jump-to-top',
  'video-thumbnail',
  'site-search',
  'mega-menu',
  'doc-filters',
  'decision-tree',
  'multi-step-form',
].join(', ');

/** Generated ids stop at about this many characters (at a word boundary where possible). */
const MAX_SLUG_LENGTH = 60;
/** The id used when a heading's text has no letters or digits at all. */
const FALLBACK_SLUG = 'section';

/** Collapses runs of whitespace and trims: the text a visitor reads. */
export function normaliseText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * A readable id from heading text: lower case, accents dropped, apostrophes removed, every other run of
 * characters that are not letters or digits (in any script) becomes one hyphen.
 * "What's new in 2024?" → "whats-new-in-2024"; "Ffïoedd a thaliadau" → "ffioedd-a-thaliadau".
 */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= MAX_SLUG_LENGTH) return slug || FALLBACK_SLUG;
  const cut = slug.slice(0, MAX_SLUG_LENGTH);
  const lastHyphen = cut.lastIndexOf('-');
  return lastHyphen > MAX_SLUG_LENGTH / 2 ? cut.slice(0, lastHyphen) : cut.replace(/-+$/, '');
}

/** `base` if it is free, otherwise `base-2`, `base-3`, ... whichever comes first that is not taken. */
export function uniqueId(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/** The headings that count towards the list: not ignored, and with text to show. */
export function countedHeadings<H extends HeadingData>(headings: readonly H[]): H[] {
  return headings.filter((heading) => !heading.ignored && normaliseText(heading.text) !== '');
}

/** The spec's threshold: a list is built only for more than JUMP_LINK_MIN_HEADINGS_EXCLUSIVE headings. */
export function hasEnoughHeadings(count: number): boolean {
  return count > JUMP_LINK_MIN_HEADINGS_EXCLUSIVE;
}

/**
 * Decides the list for a page. `takenIds` are the ids already in the document: generated ids never reuse
 * one of them, nor each other. Headings keep the ids they have.
 */
export function planJumpLinks(headings: readonly HeadingData[], takenIds: Iterable<string> = []): JumpLinkPlan {
  const counted = countedHeadings(headings.map((heading, index) => ({ ...heading, index })));
  if (!hasEnoughHeadings(counted.length)) return { build: false, links: [] };

  const taken = new Set(takenIds);
  for (const heading of counted) if (heading.id) taken.add(heading.id);
  const links = counted.map(({ index, id, text }): JumpLink => {
    const label = normaliseText(text);
    if (id) return { index, id, text: label, generated: false };
    const generatedId = uniqueId(slugify(label), taken);
    taken.add(generatedId);
    return { index, id: generatedId, text: label, generated: true };
  });
  return { build: true, links };
}
