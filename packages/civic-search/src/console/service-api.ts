import type { ConsoleContext, ServiceFetch } from './console-env';

/** An answer of the service's API: its status and its JSON body (App Search's `{ errors: [...] }` on a refusal). */
export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  /** The API's own error texts, for the page to show as they are. */
  errors: string[];
}

/**
 * Calls the service's own App Search API as the signed-in key. The key never leaves this process: it goes from the
 * session (server memory) into an in-process request, so the page, its URLs and the browser's storage never hold it.
 */
export async function callApi<T = unknown>(
  api: ServiceFetch,
  c: ConsoleContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  const origin = new URL(c.req.url).origin;
  const request = new Request(new URL(path, origin), {
    method,
    headers: {
      Authorization: `Bearer ${c.get('session').key}`,
      ...(body !== undefined && { 'Content-Type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const response = await api(request, c.env);
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  // App Search lists a request's problems in `errors`; its key checks (401, 403) give one text in `error`.
  const { errors: listed, error: single } = (parsed ?? {}) as { errors?: unknown; error?: unknown };
  const errors = Array.isArray(listed)
    ? listed.map(String)
    : typeof single === 'string'
      ? [single]
      : response.ok
        ? []
        : [`The service answered ${response.status}.`];
  return { status: response.status, body: parsed as T, errors };
}
