/**
 * A subsite's colours without JavaScript: the server gives the subsite's part of the page a class and links a
 * same-origin stylesheet that sets the theme's custom properties for that class. Under a policy of
 * `style-src 'self'` a page may not carry inline `style` attributes, but it may link its own stylesheet.
 *
 * The stylesheet is written from the CMS's settings, so nothing in it may come through as typed: a slug is
 * lower-case letters, digits and hyphens, and a colour is read (hex or rgb()) and written back out by us. A
 * subsite whose settings do not pass is left out, with the reason, and keeps the site's colours.
 */
import { bestTextColour, parseColour, type Rgba } from './colour';

/** A subsite as the CMS holds it. */
export interface SubsiteColours {
  /** Names the subsite in the class: `building-and-planning`. */
  slug: string;
  /** The subsite's colour: hex (`#00703c`) or rgb(). */
  colour: string;
  /** The subsite's secondary colour (hex or rgb()); optional. */
  secondaryColour?: string;
}

/** The class that carries a subsite's colours: `subsite-theme--<slug>`. */
export const SUBSITE_CLASS_PREFIX = 'subsite-theme--';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Longer slugs are refused: a class name is not the place for a sentence. */
const SLUG_MAX_LENGTH = 60;

/** Whether a slug may go into a class name and a selector as it is. */
export function isSubsiteSlug(slug: string): boolean {
  return slug.length <= SLUG_MAX_LENGTH && SLUG.test(slug);
}

/** The class of a subsite, or undefined when the slug is not one (then the page keeps the site's colours). */
export function subsiteClass(slug: string): string | undefined {
  return isSubsiteSlug(slug) ? `${SUBSITE_CLASS_PREFIX}${slug}` : undefined;
}

const hex = (channel: number) => Math.round(channel).toString(16).padStart(2, '0');

/** A parsed colour written back as CSS: `#rrggbb`, or `rgb(r g b / a)` when translucent. */
export function cssColour({ r, g, b, a }: Rgba): string {
  if (a >= 1) return `#${hex(r)}${hex(g)}${hex(b)}`;
  const alpha = Math.round(a * 1000) / 1000;
  return `rgb(${Math.round(r)} ${Math.round(g)} ${Math.round(b)} / ${alpha})`;
}

export interface SubsiteStylesheet {
  /** The rules, one per subsite that passed. */
  css: string;
  /** Why a subsite (or its secondary colour) was left out: for the server's log. */
  problems: string[];
}

/**
 * The rules that give each subsite's class its colours: `--civic-colour`, `--civic-colour-secondary` and
 * `--civic-colour-contrast` (black or white, whichever reads better on the colour), the same properties
 * `<subsite-theme>` sets from its attributes.
 */
export function subsiteStylesheet(subsites: readonly SubsiteColours[]): SubsiteStylesheet {
  const rules: string[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const subsite of subsites) {
    const name = JSON.stringify(subsite.slug);
    const className = subsiteClass(subsite.slug);
    if (!className) {
      problems.push(`subsite ${name}: the slug must be lower-case letters, digits and single hyphens; left out.`);
      continue;
    }
    if (seen.has(className)) {
      problems.push(`subsite ${name}: listed twice; the first is kept.`);
      continue;
    }
    const colour = parseColour(subsite.colour);
    if (!colour) {
      problems.push(`subsite ${name}: colour ${JSON.stringify(subsite.colour)} is not a hex or rgb() colour; left out.`);
      continue;
    }
    seen.add(className);
    const declarations = [`--civic-colour: ${cssColour(colour)};`, `--civic-colour-contrast: ${bestTextColour(colour)};`];
    if (subsite.secondaryColour !== undefined && subsite.secondaryColour.trim() !== '') {
      const secondary = parseColour(subsite.secondaryColour);
      if (secondary) declarations.push(`--civic-colour-secondary: ${cssColour(secondary)};`);
      else
        problems.push(
          `subsite ${name}: secondary colour ${JSON.stringify(subsite.secondaryColour)} is not a hex or rgb() colour; the site's is kept.`,
        );
    }
    rules.push(`.${className} {\n  ${declarations.join('\n  ')}\n}\n`);
  }
  return { css: rules.join(''), problems };
}
