/**
 * The calls the driver makes, from the page's options: a page handler runs in front of the connector's own call
 * (given to it as `next`); without a connector, a call nobody handles throws MissingHandlerError.
 */
import { format } from '../../i18n';
import type { SearchMessages } from '../messages';
import type { AutocompleteCall, ClickCall, SearchCall, SuggestionClick } from '../search-connector';
import { MissingHandlerError } from './errors';
import type { SearchDriverOptions } from './types';

export interface DriverHandlers {
  search: SearchCall;
  autocomplete: AutocompleteCall;
  resultClick: ClickCall;
  autocompleteClick: ClickCall;
  /** Undefined when neither the page nor the connector tracks suggestion clicks (they are then not tracked). */
  suggestionClick?: (click: SuggestionClick) => Promise<void> | void;
}

type HandlerOptions = Pick<
  SearchDriverOptions,
  'connector' | 'onSearch' | 'onAutocomplete' | 'onResultClick' | 'onAutocompleteResultClick' | 'onAutocompleteSuggestionClick'
>;

/** Throws at once when the driver could neither search nor suggest. */
export function resolveHandlers(options: HandlerOptions, messages: Pick<SearchMessages, 'missingHandler'>): DriverHandlers {
  const { connector, onSearch, onAutocomplete, onResultClick, onAutocompleteResultClick } = options;
  if (!connector && !onSearch && !onAutocomplete) {
    throw new MissingHandlerError(format(messages.missingHandler, { name: 'onSearch' }));
  }
  const missing = (name: string) => () => {
    throw new MissingHandlerError(format(messages.missingHandler, { name }));
  };
  const connectorSearch: SearchCall = connector ? (request, config) => connector.onSearch(request, config) : missing('onSearch');
  const connectorAutocomplete: AutocompleteCall = connector
    ? (request, config) => connector.onAutocomplete(request, config)
    : missing('onAutocomplete');
  const connectorResultClick: ClickCall = connector ? (click) => connector.onResultClick(click) : missing('onResultClick');
  const connectorAutocompleteClick: ClickCall = connector
    ? (click) => connector.onAutocompleteResultClick(click)
    : missing('onAutocompleteResultClick');
  return {
    search: onSearch ? (request, config) => onSearch(request, config, connectorSearch) : connectorSearch,
    autocomplete: onAutocomplete ? (request, config) => onAutocomplete(request, config, connectorAutocomplete) : connectorAutocomplete,
    resultClick: onResultClick ? (click) => onResultClick(click, connectorResultClick) : connectorResultClick,
    autocompleteClick: onAutocompleteResultClick
      ? (click) => onAutocompleteResultClick(click, connectorAutocompleteClick)
      : connectorAutocompleteClick,
    suggestionClick: options.onAutocompleteSuggestionClick ?? connector?.onAutocompleteSuggestionClick?.bind(connector),
  };
}
