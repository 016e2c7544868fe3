import { MASK_WATCH_INTERVAL_MS } from '../../../core/constants';
import { conformToMask, isUsableMask, maskPatternSource, parseMask, type MaskOptions } from '../../../core/input-mask';
import type { TypingMask } from './imask-tool';
import { loadMaskTool } from './load-mask-tool';

/** The attribute that masks a text field: `<input data-mask="HCC-000000">`. */
export const MASK_ATTRIBUTE = 'data-mask';
/** Present: letters are written in capitals (`<input data-mask="HCC-****-****" data-mask-uppercase>`). */
export const MASK_UPPERCASE_ATTRIBUTE = 'data-mask-uppercase';

/** Field types a pattern mask can shape (the others have no caret to place, or a format of their own). */
const MASKABLE_TYPES = new Set(['text', 'tel', 'search']);

/**
 * Events before which the mask must know the field's value: imask reads the caret on these and expects the
 * value it last wrote, so a value changed meanwhile by something else is taken in first, ahead of its handlers.
 */
const BEFORE_EDIT = ['focus', 'keydown', 'mousedown', 'click', 'drop'] as const;

/** Fields already masked, so an element inside another (a masked input in a multi-step form) masks once. */
const masked = new WeakSet<HTMLInputElement>();

const nameOf = (input: HTMLInputElement) => (input.id ? `#${input.id}` : input.name ? `the field "${input.name}"` : 'a field');

/**
 * Masks one field until the returned function is called:
 * - a `pattern` matching the mask (unless the page gave one), so the browser's constraint validation, and the
 *   multi-step form's messages, know an unfinished value; a mask of digits alone also asks for the number pad;
 * - the value already there (from the server, or restored) put into shape;
 * - imask, loaded on demand, shapes what is typed; until it arrives, and if it never does, the value is put
 *   into shape when the visitor leaves the field, and the field is checked all the same;
 * - a watcher re-reads the value at the mask watch interval, for changes that come without typing (a
 *   browser's autofill, a script): the value is put into shape through the mask (and at once when the visitor
 *   comes back to the field). It runs only while the field is in the page, and stops with the mask.
 */
function maskField(input: HTMLInputElement, mask: string, options: MaskOptions, elementName: string): () => void {
  let typing: TypingMask | null = null;
  let stopped = false;
  /** The value as the mask (or the visitor, typing) last left it: anything else came from elsewhere. */
  let seen = input.value;
  const added: string[] = [];
  const addAttribute = (name: string, value: string) => {
    if (input.hasAttribute(name)) return;
    input.setAttribute(name, value);
    added.push(name);
  };
  addAttribute('pattern', maskPatternSource(mask));
  if (parseMask(mask).every((token) => token.kind === 'literal' || token.slot === 'digit')) addAttribute('inputmode', 'numeric');

  const write = (text: string) => {
    const shaped = conformToMask(mask, text, options);
    if (typing) typing.setValue(shaped);
    else if (input.value !== shaped) input.value = shaped;
    seen = input.value;
  };
  /** A value that came from elsewhere (a script, autofill) is put into shape through the mask. */
  const sync = () => {
    if (input.value !== (typing ? typing.value : seen)) write(input.value);
  };
  const onInput = () => {
    if (!typing) seen = input.value;
  };
  // Leaving the field finishes the shape: imask stops before trailing literal text such as a closing bracket.
  const onChange = () => {
    if (input.value !== '' && conformToMask(mask, input.value, options) !== input.value) write(input.value);
  };

  const stop = () => {
    if (stopped) return;
    stopped = true;
    window.clearInterval(watch);
    input.removeEventListener('input', onInput);
    input.removeEventListener('change', onChange);
    for (const type of BEFORE_EDIT) input.removeEventListener(type, sync, true);
    typing?.destroy();
    typing = null;
    for (const name of added) input.removeAttribute(name);
    masked.delete(input);
  };

  const watch = window.setInterval(() => {
    if (!input.isConnected) {
      stop();
      return;
    }
    sync();
  }, MASK_WATCH_INTERVAL_MS);

  input.addEventListener('input', onInput);
  input.addEventListener('change', onChange);
  for (const type of BEFORE_EDIT) input.addEventListener(type, sync, true);
  if (input.value !== '') write(input.value);

  loadMaskTool().then(
    (tool) => {
      if (stopped) return;
      write(input.value);
      typing = tool.attachTypingMask(input, mask, options);
      seen = input.value;
    },
    (error: unknown) =>
      console.error(
        `<${elementName}>: the input mask could not be loaded; ${nameOf(input)} is shaped when the visitor leaves it instead of as they type.`,
        error,
      ),
  );
  return stop;
}

/**
 * Masks every `input[data-mask]` inside `root` (see `src/core/input-mask.ts` for the pattern alphabet).
 * A mask with nothing to fill, or on a field type a mask cannot shape, is reported in the console and left
 * alone. Returns the function that takes the masks off again.
 */
export function enhanceMaskedFields(root: ParentNode, elementName: string): () => void {
  const stops: Array<() => void> = [];
  const inputs = root instanceof HTMLInputElement && root.matches(`[${MASK_ATTRIBUTE}]`) ? [root] : [];
  inputs.push(...root.querySelectorAll<HTMLInputElement>(`input[${MASK_ATTRIBUTE}]`));
  for (const input of inputs) {
    if (masked.has(input)) continue;
    const mask = input.getAttribute(MASK_ATTRIBUTE) ?? '';
    if (!isUsableMask(mask)) {
      console.warn(
        `<${elementName}>: the ${MASK_ATTRIBUTE} "${mask}" of ${nameOf(input)} has nothing to fill (0, a or *), so the field is not masked.`,
      );
      continue;
    }
    if (!MASKABLE_TYPES.has(input.type)) {
      console.warn(`<${elementName}>: ${nameOf(input)} is type="${input.type}"; only text, tel and search fields can be masked.`);
      continue;
    }
    masked.add(input);
    stops.push(maskField(input, mask, { uppercase: input.hasAttribute(MASK_UPPERCASE_ATTRIBUTE) }, elementName));
  }
  return () => {
    for (const stop of stops) stop();
  };
}
