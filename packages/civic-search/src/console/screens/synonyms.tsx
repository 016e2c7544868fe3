/** @jsxImportSource hono/jsx */
import type { SynonymSet } from '../../relevance';
import { normalisedQuery } from '../../relevance/rules';
import type { ConsoleContext, ConsoleScreen } from '../console-env';
import { engineAccess } from '../engine-access';
import { CONSOLE_PATH } from '../pages';
import { LIST_PAGE_SIZE, listAll, listPage, type SynonymRecord } from '../relevance-reads';
import { callApi } from '../service-api';
import { pageNumber, refusedPage, relevanceAddresses } from './edit-parts';
import { type Problem } from './form-parts';
import { importNotice } from './import-page';
import { transferRoutes } from './relevance-transfer';
import { previewPair } from './relevance-preview';
import { SynonymDeletePage, SynonymFormPage, SynonymListPage } from './synonym-pages';

const NOTICES: Record<string, string> = {
  added: 'The synonym set is saved. Searches use it now.',
  saved: 'Your changes to the synonym set are saved. Searches use them now.',
  deleted: 'The synonym set is deleted.',
};

/** The synonyms a form's field holds: one a line, blank lines left out. */
const linesOf = (text: unknown) =>
  typeof text === 'string'
    ? text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
    : [];

const fieldText = (value: unknown) => (typeof value === 'string' ? value : '');

/** An engine's synonym sets: list and search them, add, change and delete one, import and export them as CSV. */
export const synonymsScreen: ConsoleScreen = (app, services, guards) => {
  const { signedIn, csrfChecked } = guards;
  const base = `${CONSOLE_PATH}/engines/:engine/synonyms`;
  const { api, listUrl } = relevanceAddresses('synonyms');
  const session = (c: ConsoleContext) => c.get('session').csrfToken;

  app.get(base, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'read');
    if (refused) return refused;
    const search = (c.req.query('q') ?? '').trim();
    const page = pageNumber(c.req.query('page'));
    const notice = importNotice(c.req.query('imported'), c.req.query('replaced'), 'synonym set') ?? NOTICES[c.req.query('done') ?? ''];
    const props = { engine, csrfToken: session(c), search, page, notice };
    if (!search) {
      const answer = await listPage<SynonymRecord>(services, c, engine, 'synonyms', page);
      if (answer.status !== 200) return refusedPage(c, answer.status, answer.errors);
      const { total_pages, total_results } = answer.body.meta.page;
      return c.html(<SynonymListPage {...props} sets={answer.body.results} totalPages={total_pages} total={total_results} />);
    }
    const { records, refused: notListed } = await listAll<SynonymRecord>(services, c, engine, 'synonyms');
    if (notListed) return refusedPage(c, notListed.status, notListed.errors);
    const wanted = normalisedQuery(search);
    const found = records.filter((set) => set.synonyms.some((synonym) => normalisedQuery(synonym).includes(wanted)));
    const sets = found.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE);
    return c.html(<SynonymListPage {...props} sets={sets} totalPages={Math.ceil(found.length / LIST_PAGE_SIZE)} total={found.length} />);
  });

  transferRoutes(app, services, guards, 'synonyms');

  app.get(`${base}/new`, signedIn, (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const query = (c.req.query('query') ?? '').trim();
    return c.html(<SynonymFormPage engine={engine} csrfToken={session(c)} synonyms={query ? `${query}\n` : ''} query={query} />);
  });

  app.post(`${base}/new`, signedIn, csrfChecked, (c) => submitSet(c));

  app.get(`${base}/:id`, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const answer = await callApi<SynonymRecord>(services.api!, c, 'GET', api(engine, c.req.param('id')));
    if (answer.status !== 200) return refusedPage(c, answer.status, answer.errors);
    const set = answer.body;
    return c.html(
      <SynonymFormPage
        engine={engine}
        csrfToken={session(c)}
        id={set.id}
        synonyms={set.synonyms.join('\n')}
        query={set.synonyms[0] ?? ''}
      />,
    );
  });

  app.post(`${base}/:id`, signedIn, csrfChecked, (c) => submitSet(c, c.req.param('id')));

  app.get(`${base}/:id/delete`, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const answer = await callApi<SynonymRecord>(services.api!, c, 'GET', api(engine, c.req.param('id')));
    if (answer.status !== 200) return refusedPage(c, answer.status, answer.errors);
    return c.html(<SynonymDeletePage engine={engine} csrfToken={session(c)} set={answer.body} />);
  });

  app.post(`${base}/:id/delete`, signedIn, csrfChecked, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const answer = await callApi(services.api!, c, 'DELETE', api(engine, c.req.param('id')));
    if (answer.status !== 200) return refusedPage(c, answer.status, answer.errors);
    return c.redirect(listUrl(engine, 'done=deleted'), 303);
  });

  /** Previews or saves the set a form holds: a preview answers the form again with the results; a save redirects. */
  async function submitSet(c: ConsoleContext, id?: string) {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const form = await c.req.parseBody();
    const synonyms = linesOf(form.synonyms);
    const query = fieldText(form.query).trim() || synonyms[0] || '';
    const props = { engine, csrfToken: session(c), id, synonyms: fieldText(form.synonyms), query };
    const draft: SynonymSet = { synonyms };
    if (form.intent === 'save') {
      const answer = await callApi(services.api!, c, id ? 'PUT' : 'POST', api(engine, id), draft);
      if (answer.status === 200) return c.redirect(listUrl(engine, `done=${id ? 'saved' : 'added'}`), 303);
      const problems: Problem[] = answer.errors.map((text) => ({ text, field: 'synonyms' }));
      return c.html(<SynonymFormPage {...props} problems={problems} />, answer.status === 403 ? 403 : 400);
    }
    const { records, refused: notListed } = await listAll<SynonymRecord>(services, c, engine, 'synonyms');
    if (notListed) return refusedPage(c, notListed.status, notListed.errors);
    const problems: Problem[] = [];
    if (synonyms.length < 2) problems.push({ text: 'Enter two or more synonyms, one on each line', field: 'synonyms' });
    if (!query) problems.push({ text: 'Enter a search to preview', field: 'query' });
    if (problems.length > 0) return c.html(<SynonymFormPage {...props} problems={problems} />, 400);
    const others = records.filter((set) => set.id !== id).map(({ synonyms: words }) => ({ synonyms: words }));
    const preview = await previewPair(services, engine, query, { synonyms: [...others, draft] });
    return c.html(<SynonymFormPage {...props} preview={preview} />);
  }
};
