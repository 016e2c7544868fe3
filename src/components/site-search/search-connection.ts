import { createAppSearchConnector, type SearchConnector, type SearchMessages } from '../../core/search';

/** Elements already told about their missing engine name: the configuration error is logged once per element. */
const reported = new WeakSet<Element>();

/**
 * Click tracking often leaves the page (a result link is being followed): those posts are sent with `keepalive`,
 * so the browser delivers them after the page has gone. Searches and suggestions are sent as usual.
 */
function fetchKeepingClicks(input: string, init: RequestInit): Promise<Response> {
  const isClick = init.body instanceof URLSearchParams && init.body.get('action') === 'click';
  return fetch(input, isClick ? { ...init, keepalive: true } : init);
}

/**
 * The App Search connector for an element (spec point 7: the same-site proxy, the engine from the data attribute),
 * or undefined when the engine name is missing. Then the spec's configuration error goes to the console, once per
 * element, for the developer; visitors keep the plain form, which works without the connector.
 */
export function connectSearch(
  host: Element,
  engineName: string | undefined,
  messages: Partial<SearchMessages>,
): SearchConnector | undefined {
  try {
    return createAppSearchConnector({ engineName: engineName ?? '', messages, fetch: fetchKeepingClicks });
  } catch (error) {
    if (!reported.has(host)) {
      reported.add(host);
      console.error(`<${host.localName}>: ${error instanceof Error ? error.message : String(error)}`);
    }
    return undefined;
  }
}
