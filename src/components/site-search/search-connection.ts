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
 * Where an element's searches go: its own `endpoint` attribute, else the header search box's, else the
 * same-origin proxy. An address that is neither a path on this site nor an http(s) URL is an error.
 */
export function searchEndpointOf(host: Element): string | undefined {
  const given = host.getAttribute('endpoint')?.trim() || document.querySelector(':is(site-search, [data-civic="site-search"])[endpoint]')?.getAttribute('endpoint')?.trim();
  if (!given) return undefined;
  let url: URL;
  try {
    url = new URL(given, document.baseURI);
  } catch {
    throw new Error(`endpoint ${JSON.stringify(given)} is not an address: give a path such as /_search-proxy or a URL such as https://search.example.govt.nz/_search-proxy`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`endpoint ${JSON.stringify(given)} must be an http or https address`);
  }
  return url.href;
}

/**
 * The App Search connector for an element: the search service at its endpoint (by default the same-site proxy),
 * the engine from its data attribute. Undefined when the engine name or the endpoint is unusable: then the
 * configuration error goes to the console, once per element, for the developer; visitors keep the plain form,
 * which works without the connector.
 */
export function connectSearch(
  host: Element,
  engineName: string | undefined,
  messages: Partial<SearchMessages>,
): SearchConnector | undefined {
  try {
    const endpointBase = searchEndpointOf(host);
    return createAppSearchConnector({ engineName: engineName ?? '', messages, fetch: fetchKeepingClicks, ...(endpointBase && { endpointBase }) });
  } catch (error) {
    if (!reported.has(host)) {
      reported.add(host);
      console.error(`<${host.localName}>: ${error instanceof Error ? error.message : String(error)}`);
    }
    return undefined;
  }
}
