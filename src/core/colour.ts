/**
 * Colour maths for theming: parse hex and rgb() colours, WCAG 2 relative luminance and contrast ratio,
 * and the text colour (black or white) that reads best on a coloured surface.
 */

/** An sRGB colour: channels 0 to 255, alpha 0 to 1. */
export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

export const BLACK = '#000000';
export const WHITE = '#ffffff';

const WHITE_RGBA: Rgba = { r: 255, g: 255, b: 255, a: 1 };

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB_FUNCTION = /^rgba?\((.*)\)$/i;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?%?$/i;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function parseHex(digits: string): Rgba {
  const full = digits.length <= 4 ? Array.from(digits, (digit) => digit + digit).join('') : digits;
  const channel = (i: number) => parseInt(full.slice(i * 2, i * 2 + 2), 16);
  return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? channel(3) / 255 : 1 };
}

/** A channel: 0 to 255, or a percentage of 255. */
function parseChannel(token: string): number | null {
  if (!NUMBER.test(token)) return null;
  const value = parseFloat(token);
  return clamp(token.endsWith('%') ? (value / 100) * 255 : value, 0, 255);
}

/** Alpha: 0 to 1, or a percentage. */
function parseAlpha(token: string): number | null {
  if (!NUMBER.test(token)) return null;
  const value = parseFloat(token);
  return clamp(token.endsWith('%') ? value / 100 : value, 0, 1);
}

/** rgb()/rgba() in the legacy comma syntax or the modern space syntax with an optional `/ alpha`. */
function parseRgbFunction(inside: string): Rgba | null {
  const body = inside.trim();
  let channels: string[];
  let alpha: string | undefined;
  if (body.includes(',')) {
    const parts = body.split(',').map((part) => part.trim());
    if (parts.length !== 3 && parts.length !== 4) return null;
    [channels, alpha] = [parts.slice(0, 3), parts[3]];
  } else {
    const [colourPart, alphaPart, ...rest] = body.split('/').map((part) => part.trim());
    if (rest.length > 0 || (alphaPart !== undefined && alphaPart === '')) return null;
    channels = colourPart.split(/\s+/);
    alpha = alphaPart;
    if (channels.length !== 3) return null;
  }
  // CSS forbids mixing numbers and percentages in the channels.
  const percentages = channels.filter((channel) => channel.endsWith('%')).length;
  if (percentages !== 0 && percentages !== 3) return null;
  const [r, g, b] = channels.map(parseChannel);
  const a = alpha === undefined ? 1 : parseAlpha(alpha);
  if (r === null || g === null || b === null || a === null) return null;
  return { r, g, b, a };
}

/** Parses `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(...)` and `rgba(...)`; anything else gives null. */
export function parseColour(value: string): Rgba | null {
  const text = value.trim();
  const hex = HEX.exec(text);
  if (hex) return parseHex(hex[1]);
  const rgb = RGB_FUNCTION.exec(text);
  if (rgb) return parseRgbFunction(rgb[1]);
  return null;
}

/** A translucent colour as it shows over an opaque backdrop (white, a page background, by default). */
export function compositeOver(colour: Rgba, backdrop: Rgba = WHITE_RGBA): Rgba {
  const mix = (top: number, bottom: number) => top * colour.a + bottom * (1 - colour.a);
  return { r: mix(colour.r, backdrop.r), g: mix(colour.g, backdrop.g), b: mix(colour.b, backdrop.b), a: 1 };
}

/** WCAG 2 relative luminance: 0 for black, 1 for white. Alpha is not considered (see compositeOver). */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio between two colours: 1 (none) to 21 (black on white), in either order. */
export function contrastRatio(first: Rgba, second: Rgba): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((x, y) => y - x);
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The text colour, BLACK or WHITE, with the higher contrast ratio against a background (translucent
 * backgrounds are taken as shown over white). A tie goes to black.
 */
export function bestTextColour(background: Rgba): typeof BLACK | typeof WHITE {
  const surface = compositeOver(background);
  const black = parseHex('000000');
  return contrastRatio(surface, WHITE_RGBA) > contrastRatio(surface, black) ? WHITE : BLACK;
}
