/**
 * The all-in-one entry: registers every civic-elements tag. Pages that use only a few elements load
 * their own entries (dist/elements/<tag>.js) instead.
 */
export { AccordionGroupElement, define as defineAccordionGroup } from './accordion-group';
export { AnnouncementBannerElement, define as defineAnnouncementBanner } from './announcement-banner';
export { DataTableElement, define as defineDataTable } from './data-table';
export { DecisionTreeElement, define as defineDecisionTree } from './decision-tree';
export { DocFiltersElement, define as defineDocFilters } from './doc-filters';
export { FeedbackWidgetElement, define as defineFeedbackWidget } from './feedback-widget';
export { FilterInputElement, define as defineFilterInput } from './filter-input';
export { JumpLinksElement, define as defineJumpLinks } from './jump-links';
export { JumpToTopElement, define as defineJumpToTop } from './jump-to-top';
export { ListingFiltersElement, define as defineListingFilters } from './listing-filters';
export { MaskedInputElement, define as defineMaskedInput } from './masked-input';
export { MegaMenuElement, define as defineMegaMenu } from './mega-menu';
export { MobileNavElement, define as defineMobileNav } from './mobile-nav';
export { MultiStepFormElement, define as defineMultiStepForm } from './multi-step-form';
export { SearchResultsElement, define as defineSearchResults } from './search-results';
export { SharePanelElement, define as defineSharePanel } from './share-panel';
export { SiteSearchElement, define as defineSiteSearch } from './site-search';
export { SubsiteThemeElement, define as defineSubsiteTheme } from './subsite-theme';
export { VideoThumbnailElement, define as defineVideoThumbnail } from './video-thumbnail';
