import type { Debouncer } from '../debounce';
import type { SearchState } from '../state';

/** What every part of the driver shares: its state, whether it was destroyed, and its named timers. */
export interface DriverCore {
  getState(): SearchState;
  /** Merges the patch into the state and tells the subscribers; does nothing once destroyed. */
  setState(patch: Partial<SearchState>): void;
  isDestroyed(): boolean;
  /** 'search' and 'autocomplete' (debounced typing), 'url' (the debounced URL write). */
  timers: Debouncer;
}
