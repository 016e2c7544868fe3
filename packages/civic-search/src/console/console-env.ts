import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { AnalyticsStore } from '../analytics/types';
import type { KeyGrant, KeyRing } from '../credentials/types';
import type { PreviewSearch } from '../relevance';
import type { SourceGet } from './app-search-source';
import type { ConsoleSession } from './sessions';

/** What every signed-in request carries once the session guard let it through. */
export type ConsoleEnv = {
  Variables: {
    session: ConsoleSession;
    sessionId: string;
    grant: KeyGrant;
    /** The address of the script that loads the page's islands; absent when the browser code is not built. */
    clientScript?: string;
  };
};
export type ConsoleContext = Context<ConsoleEnv>;
export type ConsoleApp = Hono<ConsoleEnv>;

/**
 * The service's own API, answered in this process: the console acts through it with the signed-in key. `env` is the
 * console request's own, so the API sees the same client (its rate limits count the person, not the console).
 */
export type ServiceFetch = (request: Request, env: unknown) => Response | Promise<Response>;

/** What the service gives its console. */
export interface ConsoleServices {
  /** The service's keys: who may sign in, and what each may see. */
  keys: KeyRing;
  /** The engines the service serves now. */
  engineNames: () => readonly string[];
  /** Where the reports come from (absent: analytics is switched off, and the reports page says so). */
  analytics?: AnalyticsStore;
  /**
   * The service's own App Search API. A console change goes through it with the session's key, so the console can
   * do exactly what that key may do in the API, no more, with the API's own checks and errors.
   */
  api?: ServiceFetch;
  /** A search with a draft of an engine's rules in place of its saved ones, recorded nowhere: the preview. */
  preview?: PreviewSearch;
  /**
   * How the import reads an old App Search at the address a manager typed: internal addresses refused unless the
   * operator allowed them.
   */
  importGet: SourceGet;
  /** The clock (tests move it). */
  now: () => number;
}

/** Guards a screen puts in front of its routes. */
export interface ConsoleGuards {
  /** A live session whose key still works: a page asked for without one is sent to sign in, a change gets 401. */
  signedIn: MiddlewareHandler<ConsoleEnv>;
  /** A change carries the session's CSRF token (form field `csrf` or header `x-csrf-token`). */
  csrfChecked: MiddlewareHandler<ConsoleEnv>;
}

/** One screen of the console: it adds its routes under the console's path. */
export type ConsoleScreen = (app: ConsoleApp, services: ConsoleServices, guards: ConsoleGuards) => void;
