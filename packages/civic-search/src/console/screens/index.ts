import type { ConsoleScreen } from '../console-env';
import { crawlsScreen } from './crawls';
import { curationsScreen } from './curations';
import { documentsScreen } from './documents';
import { enginesScreen } from './engines';
import { keysScreen } from './keys';
import { logSettingsScreen } from './log-settings';
import { queryScreen } from './query';
import { relevanceTestsScreen } from './relevance-tests';
import { reportsScreen } from './reports';
import { synonymsScreen } from './synonyms';
import { tuningScreen } from './tuning';

/** Every screen of the console, each in its own file. A new screen adds its routes by joining this list. */
export const consoleScreens: readonly ConsoleScreen[] = [
  enginesScreen,
  reportsScreen,
  queryScreen,
  synonymsScreen,
  curationsScreen,
  tuningScreen,
  relevanceTestsScreen,
  documentsScreen,
  crawlsScreen,
  keysScreen,
  logSettingsScreen,
];
