import type { ConsoleScreen } from '../console-env';
import { crawlsScreen } from './crawls';
import { documentsScreen } from './documents';
import { enginesScreen } from './engines';
import { keysScreen } from './keys';
import { logSettingsScreen } from './log-settings';
import { reportsScreen } from './reports';

/** Every screen of the console, each in its own file. A new screen adds its routes by joining this list. */
export const consoleScreens: readonly ConsoleScreen[] = [enginesScreen, reportsScreen, keysScreen, logSettingsScreen, documentsScreen, crawlsScreen];
