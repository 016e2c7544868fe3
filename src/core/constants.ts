/**
 * Every business constant of the kit (delays, breakpoints, limits, cookie names), named for what it means.
 * Import from here; never repeat a literal elsewhere.
 */

/** Search: results per page when the URL or the page does not say otherwise. */
export const DEFAULT_RESULTS_PER_PAGE = 20;
/** Search: the highest page number a visitor can reach. */
export const MAX_TOTAL_PAGES = 100;
/** Search: the largest page a search request may ask for (App Search's limit). */
export const MAX_RESULTS_PER_PAGE = 1000;
/** Search: the longest query the proxy accepts (App Search's limit), and the search fields' maxlength. */
export const SEARCH_QUERY_MAX_LENGTH = 128;
/** Header search: suggested queries shown under the field. */
export const SUGGESTIONS_SHOWN = 5;
/** Search: delay between a successful response and the URL write. */
export const URL_PUSH_DEBOUNCE_MS = 500;

/** Announcement banner: cookie that remembers the dismissed announcement's timestamp. */
export const ANNOUNCEMENT_COOKIE_NAME = 'ANNOUNCEMENT_CLOSED';
/** Announcement banner: cookie lifetime when the banner gives no expiry date. */
export const ANNOUNCEMENT_COOKIE_DAYS = 365;

/** Windows this wide or narrower get the mobile layout. */
export const MOBILE_BREAKPOINT_PX = 767;
/** Windows at least this wide get the desktop blur handling of the header search. */
export const DESKTOP_SEARCH_MIN_WIDTH_PX = 990;

/** Duration of an animated scroll (document library, jump-to-top under reduced motion is instant). */
export const SCROLL_ANIMATION_MS = 500;
/** Header search: Escape closes the search panel after this delay. */
export const SEARCH_ESCAPE_CLOSE_MS = 200;
/** Header search: the bar closes this long after it loses focus. */
export const SEARCH_BAR_CLOSE_DELAY_MS = 500;
/** Mobile navigation: clean-up runs this long after closing (the close animation). */
export const MOBILE_OVERLAY_CLEANUP_MS = 300;

/** Jump-to-top: pixels scrolled per step. */
export const JUMP_TO_TOP_STEP_PX = 50;
/** Jump-to-top: milliseconds between steps. */
export const JUMP_TO_TOP_INTERVAL_MS = 25;

/** Decision tree: the next step is scrolled to this far below the top of the window. */
export const DECISION_TREE_SCROLL_OFFSET_PX = 150;
/** Jump links are built only when a page has more than this many h2 headings. */
export const JUMP_LINK_MIN_HEADINGS_EXCLUSIVE = 2;

/** Dates shown to visitors. */
export const DATE_DISPLAY_FORMAT = 'dd/mm/yyyy';
/** Date picker defaults. */
export const DATE_PICKER_DEFAULTS = Object.freeze({
  dateFormat: 'Y-m-d',
  defaultHour: 12,
  minuteIncrement: 5,
  firstDayOfWeek: 0,
  yearViewSpan: 20,
});
/** Input masks re-read programmatic value changes (autofill) this often. */
export const MASK_WATCH_INTERVAL_MS = 300;

/** Query strings of listing pages are read with these qs limits. */
export const LISTING_QUERY_LIMITS = Object.freeze({ arrayLimit: 20, depth: 5, parameterLimit: 1000 });
/** The search URL state is read with these qs limits. */
export const SEARCH_URL_QUERY_LIMITS = Object.freeze({ arrayLimit: 1000, depth: 5, parameterLimit: 1000 });

/** Multi-step form: jump buttons read "Step N". */
export const STEP_BUTTON_LABEL = 'Step {n}';
