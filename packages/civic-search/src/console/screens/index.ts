import type { ConsoleScreen } from '../console-env';
import { enginesScreen } from './engines';
import { relevanceTestsScreen } from './relevance-tests';
import { reportsScreen } from './reports';
import { tuningScreen } from './tuning';

/** Every screen of the console, each in its own file. A new screen adds its routes by joining this list. */
export const consoleScreens: readonly ConsoleScreen[] = [enginesScreen, reportsScreen, tuningScreen, relevanceTestsScreen];
