import { MOBILE_BREAKPOINT_PX } from '../core/constants';

/**
 * Every kit tag and how to load its code. The autoloader imports an element's module the first time its tag
 * appears in the page; the build turns each import into a request for `dist/elements/<tag>.js`.
 * Keep this list in step with `elements/` (a node test checks it).
 */
export const elementLoaders: Readonly<Record<string, () => Promise<unknown>>> = {
  'accordion-group': () => import('../../elements/accordion-group'),
  'announcement-banner': () => import('../../elements/announcement-banner'),
  'data-table': () => import('../../elements/data-table'),
  'decision-tree': () => import('../../elements/decision-tree'),
  'doc-filters': () => import('../../elements/doc-filters'),
  'feedback-widget': () => import('../../elements/feedback-widget'),
  'filter-input': () => import('../../elements/filter-input'),
  'jump-links': () => import('../../elements/jump-links'),
  'jump-to-top': () => import('../../elements/jump-to-top'),
  'listing-filters': () => import('../../elements/listing-filters'),
  'masked-input': () => import('../../elements/masked-input'),
  'mega-menu': () => import('../../elements/mega-menu'),
  'mobile-nav': () => import('../../elements/mobile-nav'),
  'multi-step-form': () => import('../../elements/multi-step-form'),
  'search-results': () => import('../../elements/search-results'),
  'share-panel': () => import('../../elements/share-panel'),
  'site-search': () => import('../../elements/site-search'),
  'subsite-theme': () => import('../../elements/subsite-theme'),
  'video-thumbnail': () => import('../../elements/video-thumbnail'),
};

/**
 * Elements that render nothing on some screens, and when they are worth loading: the Menu button's element
 * shows only up to the mobile breakpoint (a wide window that narrows loads it then).
 */
export const elementMedia: Readonly<Record<string, string>> = {
  'mobile-nav': `(max-width: ${MOBILE_BREAKPOINT_PX}px)`,
};
