/**
 * The page element named by a selector attribute (`header`, `footer`), or null with a warning that says
 * what to fix: a selector that does not parse, or that matches nothing.
 */
export function findLandmark(selector: string, attribute: string, elementName: string): HTMLElement | null {
  try {
    const found = document.querySelector<HTMLElement>(selector);
    if (!found) console.warn(`<${elementName}>: no element matches ${attribute}="${selector}".`);
    return found;
  } catch {
    console.warn(`<${elementName}>: ${attribute}="${selector}" is not a valid CSS selector; it is ignored.`);
    return null;
  }
}
