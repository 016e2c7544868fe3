/**
 * The engine the example site searches: the header `<site-search>` carries it in `data-engine-name`,
 * the search proxy allows it, and the server-rendered search page queries it. One name, written once.
 */
export const SEARCH_ENGINE = 'site';

/** The longest query the proxy accepts (App Search's limit): the search fields' maxlength. */
export { SEARCH_QUERY_MAX_LENGTH as SEARCH_FIELD_MAX_LENGTH } from 'civic-elements/core';
