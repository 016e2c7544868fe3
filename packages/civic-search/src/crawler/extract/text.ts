/**
 * Plain-text helpers for what goes into a search document: text from a hostile source is cleaned of control
 * characters, its whitespace normalised, and cut to size on a word boundary. No regular expression here can
 * backtrack: each is a single character class or a fixed sequence.
 */

/** C0 and C1 control characters other than tab, line feed and carriage return; also soft hyphens and zero-widths. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's whole job
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u200B-\u200D\u2060\uFEFF]/g;

export function stripControlCharacters(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** One line of text: control characters gone, every run of whitespace (line breaks too) one space, trimmed. */
export function cleanLine(text: string): string {
  return stripControlCharacters(text).replace(/\s+/g, ' ').trim();
}

/**
 * Text with paragraphs: runs of spaces become one space, single line breaks are kept, and two or more line breaks
 * (with only whitespace between) become one blank line, the paragraph break. Trimmed.
 */
export function cleanParagraphs(text: string): string {
  return stripControlCharacters(text)
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Bytes a string takes inside a JSON document (quotes, escapes and UTF-8), as the write API counts it. */
export function jsonBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text), 'utf8');
}

/** How far back from a cut a word boundary is looked for before the cut is made inside a word. */
const WORD_BOUNDARY_LOOKBACK = 200;

/** Cuts text at `length` characters or before, at the last whitespace near the cut, never inside a surrogate pair. */
function cutAt(text: string, length: number): string {
  if (text.length <= length) return text;
  let end = length;
  const lastSpace = text.slice(Math.max(0, length - WORD_BOUNDARY_LOOKBACK), length + 1).search(/\s\S*$/);
  if (lastSpace >= 0) end = Math.max(0, length - WORD_BOUNDARY_LOOKBACK) + lastSpace;
  else if (end > 0 && /[\uD800-\uDBFF]/.test(text[end - 1])) end -= 1;
  return text.slice(0, end).trimEnd();
}

/**
 * The text cut to at most `maxBytes` as JSON (see jsonBytes), on a word boundary. The cut is found in a few steps
 * proportional to the overshoot, so a 5 MB text costs no more than encoding it a few times.
 */
export function capBytes(text: string, maxBytes: number): string {
  if (text.length <= maxBytes / 6 - 2) return text; // even all six-byte escapes would fit
  let result = text.length > maxBytes ? cutAt(text, maxBytes) : text;
  for (let bytes = jsonBytes(result); bytes > maxBytes; bytes = jsonBytes(result)) {
    const target = Math.floor(result.length * (maxBytes / bytes)) - 1;
    result = cutAt(result, Math.max(0, Math.min(target, result.length - 1)));
  }
  return result;
}

/** A short text (a summary, a title): at most `maxChars`, cut on a word boundary with an ellipsis when cut. */
export function shorten(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${cutAt(text, maxChars - 1).replace(/[\s,;:.\-–—]+$/, '')}…`;
}

/** Words that name no file: templates' defaults and authoring tools' placeholders. */
const PLACEHOLDER_TITLES = new Set([
  'untitled',
  'untitled document',
  'document',
  'title',
  'presentation',
  'powerpoint presentation',
  'slide 1',
  'no title',
  'none',
  'anonymous',
  '(anonymous)',
]);
const FILE_NAME = /\.(?:docx?|dotx?|pdf|pptx?|xlsx?|rtf|odt|ods|txt|indd|pub|tmp|html?|qxp|ai|psd)$/i;
/** Prefixes authoring tools put before the source file's name ("Microsoft Word - report.docx"). */
const TOOL_PREFIX = /^(?:microsoft (?:word|powerpoint|excel)|untitled|adobe \w+)\s*-\s/i;

/**
 * Whether a title from a file's own metadata names its content: not a placeholder ("Untitled", "Document1"), not
 * a file name or path ("Microsoft Word - plan.docx", "C:\\temp\\x"), not too short to mean anything.
 */
export function isMeaningfulTitle(title: string): boolean {
  const text = cleanLine(title);
  if (text.length < 3) return false;
  const lower = text.toLowerCase();
  if (PLACEHOLDER_TITLES.has(lower) || /^document\s*\d+$/.test(lower)) return false;
  if (FILE_NAME.test(text) || TOOL_PREFIX.test(text)) return false;
  if (/^[a-z]:\\/i.test(text) || text.includes('\\') || /^\/?[^\s/]+(?:\/[^\s/]+)+$/.test(text)) return false;
  return /\p{L}/u.test(text);
}

/** Link texts that say nothing about where they go. */
const GENERIC_LINK_TEXTS = new Set([
  'download',
  'download file',
  'download pdf',
  'download document',
  'here',
  'click here',
  'read more',
  'more',
  'view',
  'view document',
  'open',
  'link',
  'pdf',
  'docx',
  'word',
  'file',
]);

/**
 * A link's text as a document's title: the size and type notes councils add after a file link ("(PDF, 1.2 MB)")
 * dropped; undefined when what is left says nothing ("Download", "click here").
 */
export function titleFromLinkText(linkText: string | undefined): string | undefined {
  if (!linkText) return undefined;
  const text = cleanLine(linkText)
    .replace(/\s*[([][^()[\]]*\b(?:pdf|docx?|word|kb|mb|bytes?|pages?)\b[^()[\]]*[)\]]\s*$/i, '')
    .trim();
  if (text.length < 3 || GENERIC_LINK_TEXTS.has(text.toLowerCase())) return undefined;
  return text;
}

/** A file's name as a title: "annual-plan_2025-26.pdf" reads "Annual plan 2025-26". */
export function titleFromFileName(url: string): string {
  let name = '';
  try {
    const segments = new URL(url).pathname.split('/').filter(Boolean);
    name = segments.at(-1) ?? '';
    try {
      name = decodeURIComponent(name);
    } catch {
      // A malformed escape: keep the name as written.
    }
  } catch {
    name = url;
  }
  const readable = cleanLine(name.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[_+]+/g, ' ').replace(/(?<=\D)-|-(?=\D)/g, ' '));
  if (readable === '') return cleanLine(url);
  return readable.charAt(0).toUpperCase() + readable.slice(1);
}
