/**
 * User-visible strings: every element has English defaults and accepts overrides
 * (an `i18n` JSON attribute or property). Placeholders are written `{name}`.
 */
export type Messages = Readonly<Record<string, string>>;

/**
 * Returns the defaults with every override whose key is known and whose value is a string.
 * Unknown keys and non-string values are reported once to the console and ignored, so a typo in a
 * template never blanks a label.
 */
export function mergeMessages<M extends Messages>(defaults: M, overrides: unknown, elementName = 'element'): M {
  if (overrides == null) return defaults;
  if (typeof overrides !== 'object' || Array.isArray(overrides)) {
    console.warn(`${elementName}: i18n must be an object of strings; using the defaults.`);
    return defaults;
  }
  const merged: Record<string, string> = { ...defaults };
  for (const [key, value] of Object.entries(overrides)) {
    if (!Object.prototype.hasOwnProperty.call(defaults, key)) {
      console.warn(`${elementName}: unknown i18n key "${key}" ignored.`);
    } else if (typeof value !== 'string') {
      console.warn(`${elementName}: i18n key "${key}" must be a string; the default is kept.`);
    } else {
      merged[key] = value;
    }
  }
  return merged as M;
}

/** Replaces each `{name}` in a message with its value; unknown placeholders stay as written. */
export function format(message: string, values: Readonly<Record<string, string | number>>): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole,
  );
}
