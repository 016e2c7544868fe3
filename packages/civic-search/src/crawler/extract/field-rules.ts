import type { ExtractionConfig, UrlRule } from './config';
import { normaliseDate } from './dates';
import { inlineText } from './dom-text';
import { compileGlob, type PathMatcher } from './glob';
import type { MetaTags } from './html-meta';
import { FIELD_VALUE_CHARS } from './limits';
import { cleanLine } from './text';

/**
 * Configured fields. For each field the first value found wins, in this order: URL rules (an administrator's
 * explicit choice for a part of the site), then the field mappings in the order written (meta tags, selectors),
 * then the built-in meta tags, then the default. A published_date value must be a date to count.
 */

export type FieldValues = Record<string, string>;

/** A value as a field holds it: one clean line, bounded; dates normalised (undefined when not a date). */
export function fieldValue(field: string, raw: string | null | undefined): string | undefined {
  if (raw === null || raw === undefined) return undefined;
  const text = cleanLine(raw).slice(0, FIELD_VALUE_CHARS).trim();
  if (text === '') return undefined;
  return field === 'published_date' ? normaliseDate(text) : text;
}

const compiled = new WeakMap<UrlRule, PathMatcher>();
function matcherOf(rule: UrlRule): PathMatcher {
  let matcher = compiled.get(rule);
  if (!matcher) {
    matcher = compileGlob(rule.match);
    compiled.set(rule, matcher);
  }
  return matcher;
}

/** Values the URL rules set for this address (its path, as the URL spells it). */
export function ruleValues(url: string, config: ExtractionConfig): FieldValues {
  const values: FieldValues = {};
  if (!config.rules?.length) return values;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return values;
  }
  for (const rule of config.rules) {
    if (!matcherOf(rule)(path)) continue;
    for (const [field, raw] of Object.entries(rule.set)) {
      const value = fieldValue(field, raw);
      if (value !== undefined && !(field in values)) values[field] = value;
    }
  }
  return values;
}

/** Values the field mappings read from a page: a meta tag's content, an element's text or attribute. */
export function mappedValues(document: Document, meta: MetaTags, config: ExtractionConfig): FieldValues {
  const values: FieldValues = {};
  for (const mapping of config.fields ?? []) {
    if (mapping.field in values) continue;
    let raw: string | null | undefined;
    if ('meta' in mapping) raw = meta.get(mapping.meta.toLowerCase());
    else {
      const element = querySafely(document, mapping.selector);
      if (element) raw = mapping.attribute ? element.getAttribute(mapping.attribute) : inlineText(element);
    }
    const value = fieldValue(mapping.field, raw);
    if (value !== undefined) values[mapping.field] = value;
  }
  return values;
}

/** The first element a configured selector matches; a selector the DOM refuses matches nothing. */
export function querySafely(root: ParentNode, selector: string): Element | null {
  try {
    return root.querySelector(selector);
  } catch {
    return null;
  }
}

export function queryAllSafely(root: ParentNode, selector: string): Element[] {
  try {
    return [...root.querySelectorAll(selector)];
  } catch {
    return [];
  }
}
