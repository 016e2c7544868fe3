import { cleanLine, cleanParagraphs } from './text';

/**
 * Plain text of a DOM subtree with its paragraph structure: each block (paragraph, heading, list item, table row,
 * section...) is its own paragraph, separated by a blank line; `<br>` is a line break; inline elements run on.
 * Code, styles, templates, form controls, media and hidden parts (`hidden`, `aria-hidden="true"`) give no text.
 * The walk is iterative, so a page nested thousands of levels deep cannot exhaust the stack.
 */

const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'caption', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset',
  'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'legend',
  'li', 'main', 'nav', 'ol', 'p', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr',
  'ul', 'body', 'html',
]);
/** Elements whose content is never text a visitor reads as the page's content. */
export const SILENT_ELEMENTS: ReadonlySet<string> = new Set([
  'script', 'style', 'noscript', 'template', 'head', 'title', 'meta', 'link', 'svg', 'math', 'canvas', 'iframe',
  'object', 'embed', 'video', 'audio', 'picture', 'img', 'input', 'select', 'option', 'textarea', 'button', 'datalist',
]);

export function isHidden(element: Element): boolean {
  return element.hasAttribute('hidden') || element.getAttribute('aria-hidden') === 'true';
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_NODE = 4;

/** The tag name in lower case (linkedom and browsers differ in case for HTML). */
export const tagOf = (element: Element) => element.localName.toLowerCase();

/**
 * The subtree's text. `skip` holds elements left out with their content (chrome, configured removals); they are
 * passed as a set so the page is never mutated to leave them out.
 */
export function blockText(root: Node, skip: ReadonlySet<Node> = new Set()): string {
  const parts: string[] = [];
  // Each entry: a node to visit, or a marker closing a block or a <pre> (pushed before the element's children).
  const stack: (Node | 'block-end' | 'pre-end')[] = [root];
  // Inside <pre>, line breaks in the source are the text's own; elsewhere they are spaces, as a browser shows them.
  let preDepth = 0;
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (item === 'block-end' || item === 'pre-end') {
      if (item === 'pre-end') preDepth -= 1;
      parts.push('\n\n');
      continue;
    }
    if (item.nodeType === TEXT_NODE || item.nodeType === CDATA_NODE) {
      const value = item.nodeValue ?? '';
      parts.push(preDepth > 0 ? value : value.replace(/\s+/g, ' '));
      continue;
    }
    if (item.nodeType !== ELEMENT_NODE && item !== root) continue;
    if (item.nodeType === ELEMENT_NODE) {
      const element = item as Element;
      const tag = tagOf(element);
      if (item !== root && (skip.has(element) || SILENT_ELEMENTS.has(tag) || isHidden(element))) continue;
      if (tag === 'br') {
        parts.push('\n');
        continue;
      }
      if (tag === 'pre') {
        preDepth += 1;
        parts.push('\n\n');
        stack.push('pre-end');
      } else if (BLOCKS.has(tag)) {
        parts.push('\n\n');
        stack.push('block-end');
      } else if (tag === 'td' || tag === 'th') parts.push(' ');
    }
    const children: Node[] = [];
    for (let child = item.firstChild; child; child = child.nextSibling) children.push(child);
    for (let i = children.length - 1; i >= 0; i -= 1) stack.push(children[i]);
  }
  return cleanParagraphs(parts.join(''));
}

/** One element's text on one line (a heading, a link, a breadcrumb). */
export function inlineText(element: Element, skip?: ReadonlySet<Node>): string {
  return cleanLine(blockText(element, skip));
}

/** The text of the h1–h3 headings under `root` (not in skipped parts), in document order, without repeats. */
export function headingTexts(root: ParentNode, skip: ReadonlySet<Node> = new Set()): string[] {
  const texts: string[] = [];
  for (const heading of root.querySelectorAll('h1, h2, h3')) {
    if (isInside(heading, skip)) continue;
    const text = inlineText(heading);
    if (text && !texts.includes(text)) texts.push(text);
  }
  return texts;
}

/** Whether the node is, or lies inside, one of the given nodes, a hidden element or one that gives no text. */
export function isInside(node: Node, set: ReadonlySet<Node>): boolean {
  for (let current: Node | null = node; current; current = current.parentNode) {
    if (set.has(current)) return true;
    if (current.nodeType !== ELEMENT_NODE) continue;
    const element = current as Element;
    if (isHidden(element) || SILENT_ELEMENTS.has(tagOf(element))) return true;
  }
  return false;
}
