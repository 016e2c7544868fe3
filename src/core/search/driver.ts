/**
 * The headless search driver: state, actions and transitions, with no rendering. Its parts live in ./driver/
 * (create-driver.ts wires them; one file per action in ./driver/actions/); this module is its public face.
 */
export { createSearchDriver } from './driver/create-driver';
export { MissingHandlerError } from './driver/errors';
export type {
  AutocompleteHandler,
  ClickHandler,
  SearchActions,
  SearchDriver,
  SearchDriverOptions,
  SearchHandler,
  SetSearchTermOptions,
} from './driver/types';
