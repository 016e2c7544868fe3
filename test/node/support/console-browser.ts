import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import {
  createSearchService,
  type SearchService,
  type SearchServiceOptions,
} from '../../../packages/civic-search/src/service/create-search-service';

/**
 * The console driven over real HTTP as a browser drives it: forms posted with their CSRF token, redirects read by
 * hand (so a test sees each 303 and where it leads), and every sign-in from a client of its own, so the sign-in
 * limit of one test never reaches another. The service under test trusts TRUSTED_CLIENT_HEADER as a proxy's
 * client address header (`trustProxy`).
 */

export const TRUSTED_CLIENT_HEADER = 'x-test-client';

export interface Answer {
  status: number;
  location: string | null;
  cookie: string | null;
  headers: Headers;
  body: string;
}

export type Form = Record<string, string | string[]>;

export interface CallOptions {
  method?: string;
  /** Fields sent as a urlencoded form (a list sends the name once a value), or multipart when a FormData. */
  form?: Form | FormData;
  cookie?: string;
  headers?: Record<string, string>;
  /** The client's address, as the trusted proxy names it. */
  client?: string;
}

export interface Session {
  cookie: string;
  /** The token every change must send back. */
  csrf: string;
  /** The console's first page as this key sees it. */
  home: string;
}

/** Serves `fetch` on a port of the system's choosing; `close` ends every open connection too. */
export async function serveOverHttp(fetch: (request: Request) => Response | Promise<Response>) {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A service with its console, run in process and served over HTTP, in a data folder of its own. */
export interface ServedConsole {
  service: SearchService;
  server: Awaited<ReturnType<typeof serveOverHttp>>;
  dataDir: string;
  /** Stops the server and the service and deletes the data folder. */
  stop(): Promise<void>;
}

/**
 * Starts a service for a console test: a new data folder named after `name`, in process, trusting
 * TRUSTED_CLIENT_HEADER for client addresses, ready to search, and served over HTTP.
 */
export async function serveConsole(
  name: string,
  options: Omit<SearchServiceOptions, 'dataDir' | 'inProcess' | 'trustProxy'>,
): Promise<ServedConsole> {
  const dataDir = await mkdtemp(join(tmpdir(), `${name}-`));
  const service = await createSearchService({ ...options, dataDir, inProcess: true, trustProxy: TRUSTED_CLIENT_HEADER });
  await service.ready();
  const server = await serveOverHttp(service.fetch);
  return {
    service,
    server,
    dataDir,
    async stop() {
      await server.close();
      await service.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function urlencoded(form: Form): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) for (const one of [value].flat()) body.append(name, one);
  return body.toString();
}

/** A browser on the console of the service at `baseUrl()` (read at each call: the server starts after the import). */
export function consoleBrowser(baseUrl: () => string) {
  let clientNumber = 0;
  /** A client address no other sign-in of this run has used. */
  const newClient = () => `203.0.113.${++clientNumber}`;

  async function call(path: string, init: CallOptions = {}): Promise<Answer> {
    const { form } = init;
    const multipart = form instanceof FormData;
    const response = await fetch(`${baseUrl()}${path}`, {
      method: init.method ?? (form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        [TRUSTED_CLIENT_HEADER]: init.client ?? '198.51.100.1',
        ...(form && !multipart && { 'Content-Type': 'application/x-www-form-urlencoded' }),
        ...(init.cookie && { Cookie: init.cookie }),
        ...init.headers,
      },
      ...(form && { body: multipart ? form : urlencoded(form) }),
    });
    return {
      status: response.status,
      location: response.headers.get('location'),
      cookie: response.headers.get('set-cookie'),
      headers: response.headers,
      body: await response.text(),
    };
  }

  /** Signs in with `key` and reads the first page, whose sign-out form carries the session's CSRF token. */
  async function signIn(key: string, client = newClient()): Promise<Session> {
    const answer = await call('/console/sign-in', { form: { key }, client });
    assert.equal(answer.status, 303, answer.body);
    assert.equal(answer.location, '/console');
    const cookie = answer.cookie!.split(';')[0]!;
    const home = await call('/console', { cookie });
    assert.equal(home.status, 200);
    const csrf = /name="csrf" value="([^"]+)"/.exec(home.body)?.[1];
    assert.ok(csrf, 'the signed-in page carries a CSRF token for its forms');
    return { cookie, csrf, home: home.body };
  }

  return { call, signIn, newClient };
}
