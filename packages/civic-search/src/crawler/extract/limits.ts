import { MAX_DOCUMENT_BYTES } from '../../write-api/app-search-rules';

/**
 * Bounds on the work one resource may cost and on what it yields. Every input is treated as hostile: a page or
 * file can be huge, deeply nested or malformed, and the crawl must go on at a steady pace whatever it meets.
 */

/** Room left in a document for its id and anything the crawl core adds, under App Search's size limit. */
const DOCUMENT_ROOM_BYTES = 1024;
/** The largest a whole document may be as JSON, in UTF-8 bytes, so the write API never refuses it for size. */
export const MAX_CRAWLED_DOCUMENT_BYTES = MAX_DOCUMENT_BYTES - DOCUMENT_ROOM_BYTES;
/** The body text's default cap (JSON bytes): the title, summary, headings and mapped fields fit beside it. */
export const DEFAULT_BODY_BYTES = 90 * 1024;
/** The smallest body cap a configuration may ask for. */
export const MIN_BODY_BYTES = 1024;
/** A summary's length in characters, cut on a word boundary. */
export const SUMMARY_CHARS = 300;
/** A title's length in characters. */
export const TITLE_CHARS = 300;
/** Headings kept, and their text in all (JSON bytes). */
export const MAX_HEADINGS = 200;
export const HEADINGS_BYTES = 8 * 1024;
/** A mapped field's value in characters (meta tags, selectors, rules). */
export const FIELD_VALUE_CHARS = 1000;
/** A link's text in characters. */
export const LINK_TEXT_CHARS = 200;
/** Links reported from one page: a page with more is a link farm, and the rest are dropped. */
export const MAX_LINKS = 5000;
/**
 * Bytes of HTML parsed: the parser takes about a second per two megabytes here, and a page's text worth
 * indexing comes well before this; what lies beyond (its links too) is not read.
 */
export const MAX_HTML_BYTES = 1536 * 1024;
/**
 * Elements up to which Readability looks for the main content. Its scoring grows faster than the page over the
 * DOM we use, so a larger page takes the plain fallback (the `<main>` element, else the body minus its chrome).
 */
export const READABILITY_MAX_ELEMENTS = 4000;
/** Readability's content is used only with at least this many characters of text. */
export const MIN_READABLE_CHARS = 100;
/** PDF pages read; the rest of a longer file is not indexed. */
export const MAX_PDF_PAGES = 200;
/** Time one PDF's text may take: reading stops at the page where it runs out. */
export const PDF_TIME_BUDGET_MS = 20_000;
/** Outline (bookmark) entries of a PDF taken as its headings. */
export const MAX_PDF_OUTLINE = 200;
/** A Word document's main part, uncompressed: larger ones (a zip bomb, most likely) are not opened. */
export const MAX_DOCX_XML_BYTES = 40 * 1024 * 1024;
/** Entries in a Word document's zip: more is no real document. */
export const MAX_DOCX_ENTRIES = 5000;
