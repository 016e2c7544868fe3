/**
 * `civic-elements/testing`: what a team needs to test its own templates with the kit in web-test-runner, without
 * learning the kit's internals: mount server markup and wait for the elements to upgrade (either build), wait for a
 * kit event with its typed detail, a search service inside the page that answers the elements' calls, real key
 * presses with the focus checked, and axe on a fixture. Needs `@web/test-runner-commands` (keys) and `axe-core`.
 */
export { elementsUpgraded, mountUpgraded, unmountAll, type UpgradeOptions } from './upgrades';
export { nextKitEvent, type CivicEventDetails } from './events';
export { startSearchService, type SearchCall, type SearchFailure, type SearchServiceOptions, type TestSearchService } from './search-service';
export type { TestDocument } from './search-engine';
export { expectFocused, focusedElement, press, tab, tabTo, type } from './keyboard';
export { expectNoAxeViolations } from './axe';
