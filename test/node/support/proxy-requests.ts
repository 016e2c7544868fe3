import type { Hono } from 'hono';
import { PROXY_KEY_PLACEHOLDER, PROXY_PATH, type ProxyAction } from '../../../src/core/search/app-search-api';

export const ENGINE = 'site';

/** The kit connector's form post: key placeholder, engine, action and the params as JSON. */
export function postForm(app: Hono, fields: Record<string, string>) {
  return app.request(PROXY_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    body: new URLSearchParams(fields).toString(),
  });
}

export function postAction(app: Hono, action: ProxyAction, params: unknown, engine = ENGINE) {
  return postForm(app, { key: PROXY_KEY_PLACEHOLDER, engine, action, params: JSON.stringify(params) });
}

/** What @elastic/app-search-javascript sends: JSON with a bearer key, to the App Search REST path. */
export function postJson(app: Hono, endpoint: string, body: unknown, engine = ENGINE) {
  return app.request(`${PROXY_PATH}/api/as/v1/engines/${engine}/${endpoint}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer search-not-a-real-key' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export async function errorsOf(response: Response): Promise<string[]> {
  const body = (await response.json()) as { errors?: unknown };
  if (!Array.isArray(body.errors)) throw new Error(`not an errors body: ${JSON.stringify(body)}`);
  return body.errors as string[];
}

/** Runs `work` with console.error captured; returns what was logged. */
export async function capturingErrors<T>(work: () => T | Promise<T>): Promise<{ result: T; logged: string[] }> {
  const logged: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => logged.push(args.map(String).join(' '));
  try {
    return { result: await work(), logged };
  } finally {
    console.error = original;
  }
}
