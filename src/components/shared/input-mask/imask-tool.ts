/**
 * The typing half of an input mask, loaded on demand (see load-mask-tool.ts): imask's pattern mask, told the
 * kit's alphabet so that it accepts exactly what the core's `matchesMask` accepts.
 */
import IMask from 'imask/holder';
import 'imask/masked/pattern';
import { MASK_DEFINITIONS, type MaskOptions } from '../../../core/input-mask';

export interface TypingMask {
  /** The text the mask last wrote into the field. */
  readonly value: string;
  /** Writes text through the mask. */
  setValue(text: string): void;
  destroy(): void;
}

/** Masks a text field as it is typed: characters a slot cannot take are refused, literal text is put in. */
export function attachTypingMask(input: HTMLInputElement, mask: string, options: MaskOptions = {}): TypingMask {
  const instance = IMask(input, {
    mask,
    lazy: true,
    definitions: { ...MASK_DEFINITIONS },
    prepareChar: options.uppercase ? (chars: string) => chars.toLocaleUpperCase() : undefined,
  });
  return {
    get value() {
      return instance.value;
    },
    setValue(text: string) {
      instance.value = text;
    },
    destroy() {
      instance.destroy();
    },
  };
}
