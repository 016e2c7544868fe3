/** Writing a date field's value through its mask when it has one, so the mask and the field agree. */
export interface FieldMask {
  readonly value: string;
  /** Sets the text (masked as it is typed). */
  setValue(text: string): void;
  /** Re-reads the field's value after something else changed it. */
  sync(): void;
  destroy(): void;
}

const masks = new WeakMap<HTMLInputElement, FieldMask>();

export function registerMask(input: HTMLInputElement, mask: FieldMask): () => void {
  masks.set(input, mask);
  return () => {
    if (masks.get(input) === mask) masks.delete(input);
  };
}

export function setDateFieldValue(input: HTMLInputElement, text: string): void {
  const mask = masks.get(input);
  if (mask) mask.setValue(text);
  else input.value = text;
}
