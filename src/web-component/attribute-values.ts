/**
 * How attribute text becomes typed props. HTML semantics throughout: a boolean attribute is true when
 * present (whatever its value), a number that does not parse is left unset, and JSON that does not parse
 * is reported to the console and left unset instead of breaking the element.
 */
export type AttributeType = 'string' | 'boolean' | 'number' | 'json';
export type AttributeSchema = Readonly<Record<string, AttributeType>>;

type ValueOf<T extends AttributeType> = T extends 'string'
  ? string | undefined
  : T extends 'boolean'
    ? boolean
    : T extends 'number'
      ? number | undefined
      : unknown;

/** The props a component receives for an attribute schema. */
export type PropsOf<S extends AttributeSchema> = { -readonly [K in keyof S]: ValueOf<S[K]> };

/** Raw values as stored on the element: attribute text, or any value for a JSON property set from script. */
export type RawValues = Record<string, unknown>;

/** `someName` → `some-name`, as r2wc maps props to attributes. */
export function attributeName(prop: string): string {
  return prop.replace(/([a-z0-9])([A-Z])/g, (_, before: string, upper: string) => `${before}-${upper.toLowerCase()}`);
}

export function convertValue(type: AttributeType, raw: unknown, context: string): unknown {
  switch (type) {
    case 'boolean':
      return raw !== undefined && raw !== null && raw !== false;
    case 'string':
      return raw == null ? undefined : String(raw);
    case 'number': {
      if (raw == null || raw === '') return undefined;
      const value = typeof raw === 'number' ? raw : Number(String(raw).trim());
      if (!Number.isFinite(value)) {
        console.warn(`${context}: "${String(raw)}" is not a number; the attribute is ignored.`);
        return undefined;
      }
      return value;
    }
    case 'json': {
      if (raw == null || raw === '') return undefined;
      if (typeof raw !== 'string') return raw;
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        console.error(`${context}: the attribute is not valid JSON and is ignored: ${raw.slice(0, 80)}`);
        return undefined;
      }
    }
  }
}

/** Converts every raw value of a schema into its typed prop. */
export function convertAll<S extends AttributeSchema>(schema: S, raw: RawValues, elementName: string): PropsOf<S> {
  const props: Record<string, unknown> = {};
  for (const [prop, type] of Object.entries(schema)) {
    props[prop] = convertValue(type, raw[prop], `<${elementName}> ${attributeName(prop)}`);
  }
  return props as PropsOf<S>;
}
