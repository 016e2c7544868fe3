/**
 * Personal details a visitor may type into a search box, found and replaced by a placeholder before a term is kept
 * anywhere (store, log, crash report). Each kind has its own placeholder, so counts still add up ("[email]" searched
 * 40 times) and a search manager can see what kind of thing people type. The rules lean towards removing: a number
 * that looks like a phone number is removed even if it was a reference number, because keeping a real phone number
 * is the worse mistake. Ordinary searches (years, bus routes, form names, street numbers, dates) are left alone.
 */

export interface RedactionPattern {
  /** Names the placeholder: `[name]`. Letters, digits, `_` and `-` only. */
  name: string;
  /** A regular expression source; matched case-insensitively, everywhere in the term. */
  pattern: string;
}

export interface RedactionOptions {
  /** British postcodes (`SW1A 1AA`) are removed too; off by default, as a postcode alone names an area, not a person. */
  postcodes?: boolean;
  /** Further patterns the operator wants removed (a council's own reference numbers, say). */
  patterns?: readonly RedactionPattern[];
}

export interface Redacted {
  term: string;
  /** True when anything was replaced. */
  redacted: boolean;
}

export type Redactor = (term: string) => Redacted;

const EMAIL = /[^\s@<>()[\]"',;]+@[^\s@<>()[\]"',;]+\.[a-z]{2,}/gi;
/**
 * A run of digits joined by spaces, dashes, dots or brackets, optionally led by `+` (a number as people type it). Not
 * part of a word: "BC1234567" is a consent number, not a phone.
 */
const DIGIT_RUN = /(?<![\p{L}\d])(?:\+\s?)?\(?\d(?:[\d\s().-]*\d)?(?![\p{L}\d])/gu;
/** British National Insurance numbers: two letters (some never used), six digits, a final A–D (optional when unspaced). */
const NI_NUMBER = /(?<![\p{L}\d])[a-ceghj-pr-tw-z][a-ceghj-npr-tw-z](?:\d{6}[a-d]?|\s?\d{2}\s?\d{2}\s?\d{2}\s?[a-d])(?![\p{L}\d])/giu;
const UK_POSTCODE = /(?<![\p{L}\d])[a-z]{1,2}\d[a-z\d]?\s?\d[a-z]{2}(?![\p{L}\d])/giu;
/** Shapes of dates as people type them (12-03-2024, 2024-03-12, 12.03.24): kept, they name no one. */
const DATE_SHAPE = /^(?:\d{1,2}[-.]\d{1,2}[-.](?:\d{2}|\d{4})|\d{4}-\d{1,2}-\d{1,2})$/;
const YEAR = /^(?:19|20)\d\d$/;
const PLACEHOLDER_NAME = /^[\w-]{1,32}$/;
/** Terms longer than this are cut before they are looked at: nobody types more into a search box. */
export const MAX_TERM_LENGTH = 256;

/** The Luhn check every payment card number passes (and most other long numbers fail). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const IRD_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];
const IRD_SECOND_WEIGHTS = [7, 4, 3, 2, 5, 2, 7, 6];

/** New Zealand IRD numbers: 8 or 9 digits in the valid range whose last digit is the check digit of the rest. */
export function isIrdNumber(digits: string): boolean {
  if (digits.length !== 8 && digits.length !== 9) return false;
  const padded = digits.padStart(9, '0');
  const value = Number(padded);
  if (value < 10_000_000 || value > 150_000_000) return false;
  const base = padded.slice(0, 8);
  const check = Number(padded[8]);
  for (const weights of [IRD_WEIGHTS, IRD_SECOND_WEIGHTS]) {
    let sum = 0;
    for (let index = 0; index < 8; index++) sum += Number(base[index]) * weights[index];
    const remainder = sum % 11;
    const expected = remainder === 0 ? 0 : 11 - remainder;
    if (expected !== 10) return expected === check;
  }
  return false;
}

/**
 * What a run of digits is, if it is personal: a card number (13–19 digits passing Luhn), an IRD number (written as
 * one, or 8–9 digits passing its check), a phone number (7–15 digits: the shortest are local New Zealand numbers,
 * the longest international ones), a longer run of numbers typed together, or nothing (years, dates, street and bus
 * numbers, short codes).
 */
function classifyDigits(run: string): string | undefined {
  const digits = run.replace(/\D/g, '');
  if (digits.length >= 13 && digits.length <= 19 && passesLuhn(digits)) return 'card';
  const trimmed = run.trim();
  if (DATE_SHAPE.test(trimmed)) return undefined;
  const groups = trimmed.split(/[\s().-]+/).filter(Boolean);
  // "2024 2025 rates" is two years, not a phone number.
  if (!trimmed.startsWith('+') && groups.every((group) => YEAR.test(group))) return undefined;
  if (/^\d{2,3}-\d{3}-\d{3}$/.test(trimmed) || (!trimmed.startsWith('+') && isIrdNumber(digits))) return 'ird';
  if (digits.length >= 7 && digits.length <= 15) return 'phone';
  // Longer runs are several numbers typed together (a phone then a card, say): nothing ordinary is that long.
  if (digits.length > 15) return 'number';
  return undefined;
}

function checkedPatterns(patterns: readonly RedactionPattern[]): { placeholder: string; regex: RegExp }[] {
  return patterns.map(({ name, pattern }) => {
    if (!PLACEHOLDER_NAME.test(name))
      throw new Error(`analytics redaction: the pattern name ${JSON.stringify(name)} must be 1–32 letters, digits, _ or -.`);
    try {
      return { placeholder: `[${name}]`, regex: new RegExp(pattern, 'giu') };
    } catch (error) {
      throw new Error(
        `analytics redaction: the pattern ${JSON.stringify(name)} is not a valid regular expression (${(error as Error).message}).`,
      );
    }
  });
}

/** The term as it is counted: cut to a length, trimmed, spaces collapsed, lower case. */
export function normaliseTerm(term: string): string {
  return term.slice(0, MAX_TERM_LENGTH).normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** A redactor with the operator's choices; throws at once on a pattern that cannot work. */
export function createRedactor(options: RedactionOptions = {}): Redactor {
  const custom = checkedPatterns(options.patterns ?? []);
  return (input) => {
    let redacted = false;
    const replace = (term: string, regex: RegExp, replacer: (match: string) => string | undefined) =>
      term.replace(regex, (match) => {
        const placeholder = replacer(match);
        if (placeholder === undefined) return match;
        redacted = true;
        return placeholder;
      });
    let term = normaliseTerm(input);
    // Operator patterns first: they know their own numbers better than the general rules below.
    for (const { placeholder, regex } of custom) term = replace(term, regex, () => placeholder);
    term = replace(term, EMAIL, () => '[email]');
    term = replace(term, NI_NUMBER, () => '[ni-number]');
    if (options.postcodes) term = replace(term, UK_POSTCODE, () => '[postcode]');
    term = replace(term, DIGIT_RUN, (run) => {
      const kind = classifyDigits(run);
      if (!kind) return undefined;
      // Keep the spaces around the number: "call 021 555 1234 today" → "call [phone] today".
      const lead = /^\s*/.exec(run)![0];
      const tail = /\s*$/.exec(run)![0];
      return `${lead}[${kind}]${tail}`;
    });
    return { term, redacted };
  };
}
