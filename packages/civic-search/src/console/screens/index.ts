import type { ConsoleScreen } from '../console-env';
import { enginesScreen } from './engines';
import { queryScreen } from './query';
import { reportsScreen } from './reports';

/** Every screen of the console, each in its own file. A new screen adds its routes by joining this list. */
export const consoleScreens: readonly ConsoleScreen[] = [enginesScreen, reportsScreen, queryScreen];
