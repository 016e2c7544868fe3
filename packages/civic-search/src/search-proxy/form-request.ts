import { z } from 'zod';
import { PROXY_KEY_PLACEHOLDER, type ProxyAction } from 'civic-elements/core';
import { badRequest, describeIssues } from './errors';
import { parseJsonObject } from './json-request';

/** One call to the proxy, whichever way it arrived: the engine, the App Search call and its unvalidated body. */
export interface ProxyCall {
  engine: string;
  action: ProxyAction;
  params: Record<string, unknown>;
}

export const PROXY_ACTIONS = ['search', 'query_suggestion', 'click'] as const satisfies readonly ProxyAction[];

const formFields = z.strictObject({
  key: z.string().refine((key) => key === PROXY_KEY_PLACEHOLDER, {
    error: `must be the placeholder "${PROXY_KEY_PLACEHOLDER}": the server adds the real key, so a browser never holds one`,
  }),
  engine: z.string().min(1, { error: 'must name an engine' }),
  action: z.enum(PROXY_ACTIONS, { error: `must be one of ${PROXY_ACTIONS.join(', ')}` }),
  params: z.string(),
});

/** `%` not followed by two hex digits: URLSearchParams would keep it silently, a well-formed form never sends it. */
const BAD_PERCENT_ESCAPE = /%(?![0-9a-fA-F]{2})/;

/**
 * The form-encoded post of the kit's connector: `key`, `engine`, `action`, `params` (JSON).
 * Each field exactly once, nothing else; `key` must be the placeholder. Throws a 400 ProxyError otherwise.
 */
export function parseProxyForm(body: string): ProxyCall {
  if (BAD_PERCENT_ESCAPE.test(body)) throw badRequest('The form body is not valid form encoding (a "%" escape is broken).');
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(fields, name)) throw badRequest(`form field "${name.slice(0, 40)}" is given more than once.`);
    fields[name] = value;
  }
  const result = formFields.safeParse(fields);
  if (!result.success) {
    // The key's value is never echoed: a browser that sent a real key must not see it reflected anywhere.
    throw badRequest(...describeIssues(result.error.issues, 'form'));
  }
  const { engine, action, params } = result.data;
  return { engine, action, params: parseJsonObject(params, 'form.params') };
}
