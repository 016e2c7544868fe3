/** Units a duration may be written in: `250ms`, `30s`, `30m`, `6h`, `1d`, or combined (`1h30m`). */
const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds of a duration like `30m`, `6h` or `1h30m`; a bare number is taken in `bareUnit`. Throws on others. */
export function parseDuration(text: string, bareUnit: keyof typeof UNITS = 'ms'): number {
  const trimmed = text.trim().toLowerCase();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * UNITS[bareUnit];
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== trimmed) {
    throw new Error(`${JSON.stringify(text)} is not a duration like 30s, 30m, 6h or 1h30m`);
  }
  return parts.reduce((total, [, amount, unit]) => total + Number(amount) * UNITS[unit], 0);
}
