/** @jsxImportSource hono/jsx */
import { CONSOLE_PATH } from '../pages';

/** The screens of one engine, in the order a search manager works: see, fix, check, look after. */
export const ENGINE_SCREENS = [
  { path: '', label: 'Overview and reports' },
  { path: '/synonyms', label: 'Synonyms' },
  { path: '/curations', label: 'Best bets' },
  { path: '/tuning', label: 'Relevance tuning' },
  { path: '/relevance-tests', label: 'Relevance tests' },
  { path: '/documents', label: 'Documents' },
  { path: '/crawls', label: 'Crawls' },
] as const;

export type EngineScreenPath = (typeof ENGINE_SCREENS)[number]['path'];

export const enginePath = (engine: string, screen: EngineScreenPath = '') => `${CONSOLE_PATH}/engines/${encodeURIComponent(engine)}${screen}`;

/** The engine's screens as a navigation landmark, the current one marked for assistive technology. */
export function EngineNav({ engine, current }: { engine: string; current: EngineScreenPath }) {
  return (
    <nav class="engine-nav" aria-label={`${engine}: screens`}>
      <ul>
        {ENGINE_SCREENS.map((screen) => (
          <li>
            <a href={enginePath(engine, screen.path)} {...(screen.path === current ? { 'aria-current': 'page' } : {})}>
              {screen.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
