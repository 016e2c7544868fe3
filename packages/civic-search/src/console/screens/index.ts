import type { ConsoleScreen } from '../console-env';
import { curationsScreen } from './curations';
import { enginesScreen } from './engines';
import { relevanceTestsScreen } from './relevance-tests';
import { reportsScreen } from './reports';
import { synonymsScreen } from './synonyms';
import { tuningScreen } from './tuning';

/** Every screen of the console, each in its own file. A new screen adds its routes by joining this list. */
export const consoleScreens: readonly ConsoleScreen[] = [enginesScreen, reportsScreen, synonymsScreen, curationsScreen, tuningScreen, relevanceTestsScreen];
