/** @jsxImportSource hono/jsx */
import { refusal } from '../../credentials/grants';
import { NO_CRAWL, type EngineCrawlStatus } from '../../crawler/engine-crawl-routes';
import type { ConsoleContext, ConsoleScreen, ServiceFetch } from '../console-env';
import { engineAccess } from '../engine-access';
import { CONSOLE_PATH, MessagePage } from '../pages';
import { callApi } from '../service-api';
import { formText } from './form-parts';
import { CrawlsPage, crawlsPath } from './crawls-page';

const crawlApi = (engine: string) => `/api/crawl/engines/${encodeURIComponent(engine)}`;

async function readStatus(api: ServiceFetch, c: ConsoleContext, engine: string) {
  return callApi<EngineCrawlStatus>(api, c, 'GET', crawlApi(engine));
}

/**
 * Crawls: what an engine's last crawls did (pages indexed, unchanged, failed, with reasons), when the next starts, and
 * one page crawled again now, through the crawl API as the signed-in key (a key that writes the engine re-crawls).
 * An engine without a crawl says so.
 */
export const crawlsScreen: ConsoleScreen = (app, services, { signedIn, csrfChecked }) => {
  const api = services.api;
  if (!api) return;
  const route = `${CONSOLE_PATH}/engines/:engine/crawls`;

  app.get(route, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'read');
    if (refused) return refused;
    const { csrfToken } = c.get('session');
    const answer = await readStatus(api, c, engine);
    // A service without crawls has no crawl routes at all: its 404 means the same as an engine without a crawl.
    if (answer.status === 404) return c.html(<CrawlsPage engine={engine} csrfToken={csrfToken} noCrawl={NO_CRAWL} />);
    if (answer.status !== 200) {
      return c.html(<MessagePage title="Not allowed" message={answer.errors.join(' ')} csrfToken={csrfToken} />, answer.status as 403);
    }
    const queued = c.req.query('queued');
    return c.html(
      <CrawlsPage
        engine={engine}
        csrfToken={csrfToken}
        status={answer.body}
        cannotRecrawl={refusal(c.get('grant'), 'write', engine)}
        notice={
          queued ? `The page ${queued} will be crawled again in a moment; its outcome appears under “Pages crawled again”.` : undefined
        }
      />,
    );
  });

  app.post(`${route}/recrawl`, signedIn, csrfChecked, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'read');
    if (refused) return refused;
    const { csrfToken } = c.get('session');
    const url = formText((await c.req.parseBody()).url).trim();
    const answer = await callApi<{ url: string }>(api, c, 'POST', crawlApi(engine), { url });
    if (answer.status === 202) return c.redirect(`${crawlsPath(engine)}?queued=${encodeURIComponent(answer.body.url)}`, 303);
    const status = await readStatus(api, c, engine);
    const problems = answer.errors.map((text) => ({ text, field: 'url' }));
    return c.html(
      <CrawlsPage
        engine={engine}
        csrfToken={csrfToken}
        {...(status.status === 200 ? { status: status.body } : { noCrawl: NO_CRAWL })}
        url={url}
        problems={problems}
      />,
      answer.status as 400,
    );
  });
};
