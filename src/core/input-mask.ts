/**
 * Input masks for text fields, written as imask's pattern masks are: `0` is a digit (0 to 9), `a` a letter
 * (any alphabet, either case), `*` a letter or a digit, `\` makes the next character literal, and every other
 * character is literal text put in for the visitor (`HCC-000000`, `(00) 000 0000`, `a0a 0a0`).
 *
 * The same functions serve the browser (the mask's watcher, the `pattern` attribute) and the server (the
 * check of a post), so a value one accepts the other accepts too.
 */

export type MaskSlot = 'digit' | 'letter' | 'either';
export type MaskToken = { kind: 'slot'; slot: MaskSlot } | { kind: 'literal'; char: string };

const SLOTS: Readonly<Record<string, MaskSlot>> = { '0': 'digit', a: 'letter', '*': 'either' };

/** What each slot accepts, as a single character. The letter class is Unicode's, so macrons and accents count. */
const SLOT_TESTS: Readonly<Record<MaskSlot, RegExp>> = {
  digit: /^[0-9]$/,
  letter: /^\p{L}$/u,
  either: /^[0-9\p{L}]$/u,
};

/** The same classes for a `pattern` attribute, which browsers compile with the `v` flag. */
const SLOT_SOURCES: Readonly<Record<MaskSlot, string>> = { digit: '[0-9]', letter: String.raw`\p{L}`, either: String.raw`[0-9\p{L}]` };

/** imask's definitions for the same alphabet (its defaults differ: `*` there takes any character). */
export const MASK_DEFINITIONS: Readonly<Record<string, RegExp>> = { '0': /[0-9]/, a: /\p{L}/u, '*': /[0-9\p{L}]/u };

/** Reads a mask into its tokens. A trailing `\` stands for itself. */
export function parseMask(mask: string): MaskToken[] {
  const tokens: MaskToken[] = [];
  const chars = Array.from(mask);
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index];
    if (char === '\\' && index + 1 < chars.length) {
      index += 1;
      tokens.push({ kind: 'literal', char: chars[index] });
    } else if (char in SLOTS) tokens.push({ kind: 'slot', slot: SLOTS[char] });
    else tokens.push({ kind: 'literal', char });
  }
  return tokens;
}

/** A mask is usable when it has at least one slot for the visitor to fill. */
export function isUsableMask(mask: string): boolean {
  return parseMask(mask).some((token) => token.kind === 'slot');
}

export function slotAccepts(slot: MaskSlot, char: string): boolean {
  return SLOT_TESTS[slot].test(char);
}

export interface MaskOptions {
  /** Letters are written in capitals, whatever the case typed (a reference such as `HCC-7K2M-9QXD`). */
  uppercase?: boolean;
}

const sameLetter = (a: string, b: string) => a === b || a.toLocaleLowerCase() === b.toLocaleLowerCase();

/**
 * Puts text into the mask's shape, forgivingly, as a visitor's paste or a browser's autofill needs:
 * characters a slot cannot take are skipped (spaces, dashes in the wrong place), the mask's literal text is
 * put in whether it was typed or not (in any case: `hcc123456` becomes `HCC-123456`), and text past the last
 * slot is dropped. Literal text shows only up to the last slot filled, and after it once every slot is
 * filled: an unfinished value never ends in a separator the visitor did not reach.
 */
export function conformToMask(mask: string, text: string, options: MaskOptions = {}): string {
  const tokens = parseMask(mask);
  const chars = Array.from(options.uppercase ? text.toLocaleUpperCase() : text);
  let position = 0;
  let output = '';
  let keep = 0;
  let complete = true;
  for (const token of tokens) {
    if (token.kind === 'literal') {
      if (position < chars.length && sameLetter(chars[position], token.char)) position += 1;
      output += token.char;
      continue;
    }
    while (position < chars.length && !slotAccepts(token.slot, chars[position])) position += 1;
    if (position >= chars.length) {
      complete = false;
      break;
    }
    output += chars[position];
    position += 1;
    keep = output.length;
  }
  return complete ? output : output.slice(0, keep);
}

/** The value fills the mask exactly: every slot filled with a character it takes, every literal as written. */
export function matchesMask(mask: string, value: string): boolean {
  const tokens = parseMask(mask);
  const chars = Array.from(value);
  if (chars.length !== tokens.length) return false;
  return tokens.every((token, index) => (token.kind === 'literal' ? chars[index] === token.char : slotAccepts(token.slot, chars[index])));
}

/** Characters a `v`-flag pattern needs escaped outside a character class. */
const SYNTAX = /[\\^$.*+?()[\]{}|/]/;

/**
 * The mask as a `pattern` attribute (the whole value must match, as the browser reads it): the check a
 * browser makes without JavaScript, and the one the page's own validation makes with it. `HCC-000000` gives
 * `HCC-[0-9]{6}`.
 */
export function maskPatternSource(mask: string): string {
  const parts: string[] = [];
  let previous = '';
  let count = 0;
  const flush = () => {
    // Every slot's source is one atom (a class or a property escape), so a run of them takes a count.
    if (count > 0) parts.push(count === 1 ? previous : `${previous}{${count}}`);
  };
  for (const token of parseMask(mask)) {
    const source = token.kind === 'slot' ? SLOT_SOURCES[token.slot] : SYNTAX.test(token.char) ? `\\${token.char}` : token.char;
    if (token.kind === 'slot' && source === previous) {
      count += 1;
      continue;
    }
    flush();
    if (token.kind === 'slot') {
      previous = source;
      count = 1;
    } else {
      parts.push(source);
      previous = '';
      count = 0;
    }
  }
  flush();
  return parts.join('');
}

/**
 * The server's reading of a masked answer: the text put into the mask's shape (as the browser's mask would
 * have done it), and whether that fills the mask. Blank stays blank.
 */
export function readMaskedValue(mask: string, text: string, options: MaskOptions = {}): { value: string; complete: boolean } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: '', complete: false };
  const value = conformToMask(mask, trimmed, options);
  return { value, complete: matchesMask(mask, value) };
}
