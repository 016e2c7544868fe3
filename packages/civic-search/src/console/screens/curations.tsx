/** @jsxImportSource hono/jsx */
import { normalisedQuery } from '../../relevance/rules';
import type { ConsoleContext, ConsoleScreen } from '../console-env';
import { engineAccess } from '../engine-access';
import { CONSOLE_PATH } from '../pages';
import { documentTitles, LIST_PAGE_SIZE, listAll, listPage, resultLine, type CurationRecord } from '../relevance-reads';
import { callApi } from '../service-api';
import { applyStep, curationOf, draftFromForm, queriesOf, stepOf, type CurationDraft } from './curation-draft';
import { CurationDeletePage, CurationFormPage, CurationListPage } from './curation-pages';
import { pageNumber, refusedPage, relevanceAddresses } from './edit-parts';
import { type Problem } from './form-parts';
import { importNotice } from './import-page';
import { transferRoutes } from './relevance-transfer';
import { PREVIEW_SIZE, previewPair, type PreviewPair } from './relevance-preview';

const NOTICES: Record<string, string> = {
  added: 'The best bet is saved. Searches use it now.',
  saved: 'Your changes to the best bet are saved. Searches use them now.',
  deleted: 'The best bet is deleted.',
};

/** An engine's best bets (App Search's curations): list and search them, make, change and delete one, CSV in and out. */
export const curationsScreen: ConsoleScreen = (app, services, guards) => {
  const { signedIn, csrfChecked } = guards;
  const base = `${CONSOLE_PATH}/engines/:engine/curations`;
  const { api, listUrl } = relevanceAddresses('curations');
  const session = (c: ConsoleContext) => c.get('session').csrfToken;

  app.get(base, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'read');
    if (refused) return refused;
    const search = (c.req.query('q') ?? '').trim();
    const page = pageNumber(c.req.query('page'));
    const notice = importNotice(c.req.query('imported'), c.req.query('replaced'), 'best bet') ?? NOTICES[c.req.query('done') ?? ''];
    const props = { engine, csrfToken: session(c), search, page, notice };
    if (!search) {
      const answer = await listPage<CurationRecord>(services, c, engine, 'curations', page);
      if (answer.status !== 200) return refusedPage(c, answer.status, answer.errors);
      const { total_pages, total_results } = answer.body.meta.page;
      return c.html(<CurationListPage {...props} curations={answer.body.results} totalPages={total_pages} total={total_results} />);
    }
    const { records, refused: notListed } = await listAll<CurationRecord>(services, c, engine, 'curations');
    if (notListed) return refusedPage(c, notListed.status, notListed.errors);
    const wanted = normalisedQuery(search);
    const matches = (curation: CurationRecord) =>
      curation.queries.some((query) => normalisedQuery(query).includes(wanted)) ||
      [...curation.promoted, ...curation.hidden].some((id) => id.toLowerCase().includes(search.toLowerCase()));
    const found = records.filter(matches);
    const curations = found.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE);
    return c.html(
      <CurationListPage {...props} curations={curations} totalPages={Math.ceil(found.length / LIST_PAGE_SIZE)} total={found.length} />,
    );
  });

  transferRoutes(app, services, guards, 'curations');

  app.get(`${base}/new`, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const query = (c.req.query('query') ?? '').trim();
    // From a report: the search is the one to answer, and the first look for a page uses its words.
    const draft: CurationDraft = { queries: query, promoted: [], hidden: [], find: query };
    return editor(c, engine, draft);
  });

  app.post(`${base}/new`, signedIn, csrfChecked, (c) => submitDraft(c));

  app.get(`${base}/:id`, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const answer = await callApi<CurationRecord>(services.api!, c, 'GET', api(engine, c.req.param('id')));
    if (answer.status !== 200) return refusedPage(c, answer.status, answer.errors);
    const { id, queries, promoted, hidden } = answer.body;
    return editor(c, engine, { queries: queries.join('\n'), promoted, hidden, find: '' }, { id });
  });

  app.post(`${base}/:id`, signedIn, csrfChecked, (c) => submitDraft(c, c.req.param('id')));

  app.get(`${base}/:id/delete`, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const answer = await callApi<CurationRecord>(services.api!, c, 'GET', api(engine, c.req.param('id')));
    if (answer.status !== 200) return refusedPage(c, answer.status, answer.errors);
    return c.html(<CurationDeletePage engine={engine} csrfToken={session(c)} curation={answer.body} />);
  });

  app.post(`${base}/:id/delete`, signedIn, csrfChecked, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const answer = await callApi(services.api!, c, 'DELETE', api(engine, c.req.param('id')));
    if (answer.status !== 200) return refusedPage(c, answer.status, answer.errors);
    return c.redirect(listUrl(engine, 'done=deleted'), 303);
  });

  /** The editor for a draft: what the page search found, the titles of its pages, and a preview when asked. */
  async function editor(
    c: ConsoleContext,
    engine: string,
    draft: CurationDraft,
    extra: { id?: string; problems?: Problem[]; preview?: boolean; status?: 200 | 400 | 403 } = {},
  ) {
    const { id, problems = [] } = extra;
    const [titles, found] = await Promise.all([
      documentTitles(services, c, engine, [...draft.promoted, ...draft.hidden]),
      draft.find ? services.preview!(engine, { query: draft.find, page: { size: PREVIEW_SIZE } }, {}) : undefined,
    ]);
    let preview: PreviewPair | undefined;
    if (extra.preview) {
      const { records, refused } = await listAll<CurationRecord>(services, c, engine, 'curations');
      if (refused) return refusedPage(c, refused.status, refused.errors);
      const others = records
        .filter((curation) => curation.id !== id)
        .map(({ queries, promoted, hidden }) => ({ queries, promoted, hidden }));
      preview = await previewPair(services, engine, queriesOf(draft)[0]!, { curations: [...others, curationOf(draft)] }, draft.promoted);
    }
    const props = { engine, csrfToken: session(c), id, draft, titles, problems, preview };
    return c.html(<CurationFormPage {...props} found={found?.results.map((result) => resultLine(result))} />, extra.status ?? 200);
  }

  /** One button of the editor: a step on the draft, a page search, a preview, or the save. */
  async function submitDraft(c: ConsoleContext, id?: string) {
    const { engine, refused } = engineAccess(c, services, 'write');
    if (refused) return refused;
    const form = await c.req.parseBody({ all: true });
    const draft = draftFromForm(form);
    const step = stepOf(form.do);
    if (step) return editor(c, engine, applyStep(draft, step), { id });
    if (form.do === 'save') {
      const answer = await callApi(services.api!, c, id ? 'PUT' : 'POST', api(engine, id), curationOf(draft));
      if (answer.status === 200) return c.redirect(listUrl(engine, `done=${id ? 'saved' : 'added'}`), 303);
      const problems = answer.errors.map((text) => ({ text, field: 'queries' }));
      return editor(c, engine, draft, { id, problems, status: answer.status === 403 ? 403 : 400 });
    }
    if (form.do === 'preview') {
      const problems: Problem[] = [];
      if (queriesOf(draft).length === 0) problems.push({ text: 'Enter the search this best bet answers', field: 'queries' });
      if (draft.promoted.length + draft.hidden.length === 0)
        problems.push({ text: 'Pin or hide at least one page to preview', field: 'find' });
      if (problems.length > 0) return editor(c, engine, draft, { id, problems, status: 400 });
      return editor(c, engine, draft, { id, preview: true });
    }
    return editor(c, engine, draft, { id });
  }
};
