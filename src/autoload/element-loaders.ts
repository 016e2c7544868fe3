import { MOBILE_BREAKPOINT_PX } from '../core/constants';

/** Registers the loaded class under its kit tag, as the element's own entry (`elements/<tag>.ts`) does. */
const define = (module: { define(): unknown }) => module.define();

/**
 * Every kit tag and how to load its code. The autoloader imports an element's class module the first time its tag
 * is due and registers it; the build turns each import into a request for `dist/classes/<tag>.js` (the class and
 * its shared chunks: one request fewer than going through the element's entry, which only calls `define()`).
 * Keep this list in step with `elements/` (a node test checks it).
 */
export const elementLoaders: Readonly<Record<string, () => Promise<unknown>>> = {
  'accordion-group': () => import('../../elements/classes/accordion-group').then(define),
  'announcement-banner': () => import('../../elements/classes/announcement-banner').then(define),
  'data-table': () => import('../../elements/classes/data-table').then(define),
  'decision-tree': () => import('../../elements/classes/decision-tree').then(define),
  'doc-filters': () => import('../../elements/classes/doc-filters').then(define),
  'feedback-widget': () => import('../../elements/classes/feedback-widget').then(define),
  'filter-input': () => import('../../elements/classes/filter-input').then(define),
  'jump-links': () => import('../../elements/classes/jump-links').then(define),
  'jump-to-top': () => import('../../elements/classes/jump-to-top').then(define),
  'listing-filters': () => import('../../elements/classes/listing-filters').then(define),
  'masked-input': () => import('../../elements/classes/masked-input').then(define),
  'mega-menu': () => import('../../elements/classes/mega-menu').then(define),
  'mobile-nav': () => import('../../elements/classes/mobile-nav').then(define),
  'multi-step-form': () => import('../../elements/classes/multi-step-form').then(define),
  'search-results': () => import('../../elements/classes/search-results').then(define),
  'share-panel': () => import('../../elements/classes/share-panel').then(define),
  'site-search': () => import('../../elements/classes/site-search').then(define),
  'subsite-theme': () => import('../../elements/classes/subsite-theme').then(define),
  'video-thumbnail': () => import('../../elements/classes/video-thumbnail').then(define),
};

/**
 * Elements that render nothing on some screens, and when they are worth loading: the Menu button's element
 * shows only up to the mobile breakpoint (a wide window that narrows loads it then).
 */
export const elementMedia: Readonly<Record<string, string>> = {
  'mobile-nav': `(max-width: ${MOBILE_BREAKPOINT_PX}px)`,
};
