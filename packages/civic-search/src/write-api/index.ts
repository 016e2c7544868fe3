import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PROXY_PATH } from 'civic-elements/core';
import { EngineExistsError, type EngineAdmin } from '../engines/engine-admin';
import { sameSiteOnly } from '../search-proxy/cors';
import { redact } from '../search-proxy/redact';
import { API_PREFIX } from '../search-proxy/routes';
import { BackendError, BackendUnavailableError, InvalidRequestError, UnknownEngineError } from '../search/types';
import { ApiError, backendFailure, refuse } from './api-error';
import { MAX_REQUEST_BYTES, MESSAGES, methodNotAllowed } from './app-search-rules';
import { requireKey, rootKeyRing } from '../credentials/require-key';
import { credentialRoutes } from '../credentials/credential-routes';
import type { Credentials } from '../credentials/credentials';
import type { RouteTable } from './route-table';
import { SOURCE_ENGINE_ROUTES } from '../meta-engines/source-engine-routes';
import { deleteDocuments, getDocuments, listDocuments, patchDocuments, postDocuments } from './document-routes';
import { deleteEngine, getEngine, getEngines, postEngines } from './engine-routes';
import { getSchema, postSchema } from './schema-routes';
import type { WriteApiChange, WriteContext } from './write-context';

export type { WriteApiChange } from './write-context';
export * as APP_SEARCH_RULES from './app-search-rules';

export interface WriteApiOptions {
  /** The engines and their documents. */
  admin: EngineAdmin;
  /** The service's own key, which may do everything (`Authorization: Bearer <key>`). */
  privateKey: string;
  /**
   * The keys made through the credentials API, and those endpoints with them; without it the service's own key is
   * the only one.
   */
  credentials?: Credentials;
  /** Called after each completed change (an engine made or deleted, a schema changed, documents written). */
  onChange?: (change: WriteApiChange) => void;
}

/** Shorter keys could be guessed (the same minimum as the service's own key). */
const PRIVATE_KEY_MIN_LENGTH = 16;

/**
 * Each path under the API prefix, what each of its methods does and what it needs of the key. Listing and making
 * engines concern no one engine, so they need a key for all engines.
 */
const ROUTES: RouteTable = [
  { path: '/engines', methods: { GET: { handle: getEngines, access: 'read' }, POST: { handle: postEngines, access: 'write' } } },
  {
    path: '/engines/:engine',
    methods: { GET: { handle: getEngine, access: 'read' }, DELETE: { handle: deleteEngine, access: 'write' } },
  },
  {
    path: '/engines/:engine/schema',
    methods: { GET: { handle: getSchema, access: 'read' }, POST: { handle: postSchema, access: 'write' } },
  },
  {
    path: '/engines/:engine/documents',
    methods: {
      GET: { handle: getDocuments, access: 'read' },
      POST: { handle: postDocuments, access: 'write' },
      PATCH: { handle: patchDocuments, access: 'write' },
      DELETE: { handle: deleteDocuments, access: 'write' },
    },
  },
  {
    path: '/engines/:engine/documents/list',
    methods: { GET: { handle: listDocuments, access: 'read' }, POST: { handle: listDocuments, access: 'read' } },
  },
  ...SOURCE_ENGINE_ROUTES,
];

/** Every answer is private to its caller and never sniffed into another type. */
const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
};

/** Another site's page can never write (see `sameSiteOnly`). */
const fromThisSiteOnly = sameSiteOnly((c) => refuse(c, new ApiError(403, [MESSAGES.otherSites])));

const sizeLimit = bodyLimit({
  maxSize: MAX_REQUEST_BYTES,
  onError: (c) => refuse(c, new ApiError(413, [MESSAGES.requestTooLarge])),
});

/** Errors a backend throws, as App Search answers them. */
function answerError(c: Context, error: unknown, secrets: readonly string[]) {
  if (error instanceof ApiError) return refuse(c, error);
  if (error instanceof UnknownEngineError) return refuse(c, new ApiError(404, [MESSAGES.unknownEngine]));
  if (error instanceof EngineExistsError) return refuse(c, new ApiError(400, [MESSAGES.nameTaken]));
  if (error instanceof InvalidRequestError) return refuse(c, new ApiError(400, [redact(error.message, secrets)]));
  if (error instanceof BackendError) {
    return refuse(c, backendFailure(redact(error.message, secrets), error instanceof BackendUnavailableError ? 503 : 502));
  }
  throw error;
}

/**
 * App Search's engines, schema and documents endpoints as a Hono sub-app, at `/api/as/v1/` and again under the search
 * proxy's path (`/_search-proxy/api/as/v1/`). Mount it at the site root before the search proxy, which answers the
 * other App Search paths: `app.route('/', writeApi({ admin, privateKey }))`. Every call needs the private key. Only
 * these paths are registered, so searches, suggestions and clicks pass through to the proxy untouched. See README.md.
 */
export function writeApi(options: WriteApiOptions): Hono {
  const { admin, privateKey, credentials, onChange } = options;
  if (typeof privateKey !== 'string' || privateKey.length < PRIVATE_KEY_MIN_LENGTH) {
    throw new Error(`writeApi: the private key must be at least ${PRIVATE_KEY_MIN_LENGTH} characters long.`);
  }
  const secrets = [privateKey];
  const context: WriteContext = {
    admin,
    changed: (change) => {
      try {
        onChange?.(change);
      } catch (error) {
        // The change is already stored: a failing listener is reported, never turned into a failed write.
        console.error(`write API: onChange failed after ${change.action} of ${change.engine}: ${redact(String(error), secrets)}`);
      }
    },
  };
  const keys = credentials ?? rootKeyRing(privateKey);
  const routes = credentials ? [...ROUTES, ...credentialRoutes(credentials)] : ROUTES;
  const app = new Hono();
  for (const prefix of [API_PREFIX, `${PROXY_PATH}${API_PREFIX}`]) {
    for (const { path, methods } of routes) {
      const allowed = Object.keys(methods);
      for (const [method, { handle, access }] of Object.entries(methods)) {
        const authorised = requireKey({ keys, access, ...(path.includes(':engine') && { engineParam: 'engine' }) });
        app.on(method, `${prefix}${path}`, noStore, fromThisSiteOnly, authorised, sizeLimit, async (c) => {
          try {
            return await handle(c, context);
          } catch (error) {
            return answerError(c, error, secrets);
          }
        });
      }
      app.all(`${prefix}${path}`, noStore, fromThisSiteOnly, (c) =>
        refuse(c, new ApiError(405, [methodNotAllowed(c.req.method, allowed)], { Allow: allowed.join(', ') })),
      );
    }
  }
  app.onError((error, c) => {
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    console.error(`write API: ${c.req.method} ${c.req.path} failed: ${redact(detail, secrets)}`);
    return c.json({ errors: [MESSAGES.unexpected] }, 500, { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  });
  return app;
}
