import { bestTextColour, parseColour, type Rgba } from '../../core/colour';

/** The theme's custom properties (defined site-wide in src/styles/theme.css). */
export const COLOUR_PROPERTY = '--civic-colour';
export const SECONDARY_COLOUR_PROPERTY = '--civic-colour-secondary';
export const CONTRAST_PROPERTY = '--civic-colour-contrast';

/**
 * Values CSS accepts as a colour that do not name one: a keyword that means "whatever the parent has"
 * or "the text colour", or a reference resolved somewhere else. A subsite colour must be a colour.
 */
const NOT_A_COLOUR = /^(inherit|initial|unset|revert|revert-layer|currentcolor)$|\b(var|env|attr)\(/i;

/**
 * The attribute's colour, trimmed, or null when there is none (absent or empty) or it is not a colour
 * (then with a console warning that names the attribute and the value).
 */
export function checkedColour(attribute: string, value: string | undefined): string | null {
  const colour = value?.trim();
  if (!colour) return null;
  if (NOT_A_COLOUR.test(colour) || !CSS.supports('color', colour)) {
    console.warn(`<subsite-theme> ${attribute}: "${value}" is not a CSS colour; the attribute is ignored.`);
    return null;
  }
  return colour;
}

let canvasContext: CanvasRenderingContext2D | null | undefined;

/**
 * Any CSS colour in sRGB, through a 1×1 canvas (no layout, no element in the page): the browser's own
 * serialisation when it is #rrggbb or rgba() (names, hsl(), ...), otherwise the painted pixel (oklch(),
 * lab(), color(), ... mapped into sRGB).
 */
function asRgba(colour: string): Rgba | null {
  canvasContext ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!canvasContext) return null;
  canvasContext.fillStyle = '#000000';
  canvasContext.fillStyle = colour;
  const serialised = parseColour(String(canvasContext.fillStyle));
  if (serialised) return serialised;
  canvasContext.clearRect(0, 0, 1, 1);
  canvasContext.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = canvasContext.getImageData(0, 0, 1, 1).data;
  return { r, g, b, a: a / 255 };
}

/** Black or white, whichever reads better on the colour; null if the colour cannot be worked out. */
export function contrastColourFor(colour: string): string | null {
  const rgba = parseColour(colour) ?? asRgba(colour);
  return rgba ? bestTextColour(rgba) : null;
}

/** Sets a custom property through the CSSOM (allowed under a strict CSP), or removes it for null. */
export function setProperty(style: CSSStyleDeclaration, property: string, value: string | null): void {
  if (value === null) style.removeProperty(property);
  else style.setProperty(property, value);
}
