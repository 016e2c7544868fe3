/** @jsxImportSource hono/jsx */
import { refusal } from '../../credentials/grants';
import type { ConsoleContext, ConsoleScreen, ServiceFetch } from '../console-env';
import { engineAccess } from '../engine-access';
import { CONSOLE_PATH, MessagePage } from '../pages';
import { callApi, type ApiAnswer } from '../service-api';
import {
  DeleteDocumentPage,
  DocumentPage,
  DocumentsPage,
  documentTitle,
  documentsPath,
  type EngineDocument,
  type Schema,
} from './documents-pages';

const PAGE_SIZE = 20;
const engineApi = (engine: string) => `/api/as/v1/engines/${encodeURIComponent(engine)}`;

function refusedPage(c: ConsoleContext, answer: ApiAnswer, title = 'Not allowed') {
  return c.html(
    <MessagePage title={title} message={answer.errors.join(' ')} csrfToken={c.get('session').csrfToken} />,
    answer.status as 403,
  );
}

/** A document by id through the documents API (`null` when the engine has none by that id). */
async function readDocument(api: ServiceFetch, c: ConsoleContext, engine: string, id: string) {
  const answer = await callApi<(EngineDocument | null)[]>(api, c, 'GET', `${engineApi(engine)}/documents?ids[]=${encodeURIComponent(id)}`);
  return { answer, document: answer.status === 200 && Array.isArray(answer.body) ? (answer.body[0] ?? null) : null };
}

/**
 * Documents and schema: search an engine's documents (a preview search, which records nothing) or list them, open one
 * and see its fields with their types, and delete one after a confirmation. Reads and the delete go through the
 * documents API as the signed-in key, so its rules (a key that writes the engine to delete) hold here.
 */
export const documentsScreen: ConsoleScreen = (app, services, { signedIn, csrfChecked }) => {
  const api = services.api;
  if (!api) return;
  const route = `${CONSOLE_PATH}/engines/:engine/documents`;

  app.get(route, signedIn, async (c) => {
    const { engine, refused } = engineAccess(c, services, 'read');
    if (refused) return refused;
    const { csrfToken } = c.get('session');
    const query = (c.req.query('q') ?? '').trim().slice(0, 200);
    const page = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1));
    const schemaAnswer = await callApi<Schema>(api, c, 'GET', `${engineApi(engine)}/schema`);
    if (schemaAnswer.status !== 200) return refusedPage(c, schemaAnswer);
    const shown = { engine, csrfToken, query, page, schema: schemaAnswer.body };
    const deletedId = c.req.query('deleted');
    // The notice names a document only if the engine no longer has one by that id: a made-up link cannot claim more.
    const notice =
      deletedId && (await readDocument(api, c, engine, deletedId)).document === null ? `The document ${deletedId} was deleted.` : undefined;

    if (query) {
      const request = { query, page: { size: PAGE_SIZE, current: page } };
      const answer = services.preview
        ? await services.preview(engine, request, {}).then(
            (body) => ({ status: 200, body, errors: [] as string[] }),
            (error: Error) => ({ status: 400, body: undefined, errors: [error.message] }),
          )
        : await callApi<Awaited<ReturnType<NonNullable<typeof services.preview>>>>(api, c, 'POST', `${engineApi(engine)}/search`, request);
      if (answer.status !== 200 || !answer.body) {
        return c.html(
          <DocumentsPage
            {...shown}
            rows={[]}
            totalPages={0}
            totalResults={0}
            problems={answer.errors.map((text) => ({ text, field: 'q' }))}
          />,
          400,
        );
      }
      const rows = answer.body.results.map((result) => {
        const raw = Object.fromEntries(Object.entries(result).map(([field, value]) => [field, (value as { raw?: unknown }).raw]));
        return { id: result._meta.id, title: documentTitle(raw) };
      });
      const { total_pages: totalPages, total_results: totalResults } = answer.body.meta.page;
      return c.html(<DocumentsPage {...shown} rows={rows} totalPages={totalPages} totalResults={totalResults} notice={notice} />);
    }

    const listed = await callApi<{ meta: { page: { total_pages: number; total_results: number } }; results: EngineDocument[] }>(
      api,
      c,
      'GET',
      `${engineApi(engine)}/documents/list?page[current]=${page}&page[size]=${PAGE_SIZE}`,
    );
    if (listed.status !== 200) return refusedPage(c, listed);
    const rows = listed.body.results.map((document) => ({ id: document.id, title: documentTitle(document) }));
    const { total_pages: totalPages, total_results: totalResults } = listed.body.meta.page;
    return c.html(<DocumentsPage {...shown} rows={rows} totalPages={totalPages} totalResults={totalResults} notice={notice} />);
  });

  /** The document a page names, or the page to answer instead (the engine refused, or no such document). */
  const opened = async (
    c: ConsoleContext,
  ): Promise<
    | { engine: string; document: EngineDocument; refused?: undefined }
    | { engine?: undefined; document?: undefined; refused: Response | Promise<Response> }
  > => {
    const { engine, refused } = engineAccess(c, services, 'read');
    if (refused) return { refused };
    const id = c.req.param('id') ?? '';
    const { answer, document } = await readDocument(api, c, engine, id);
    if (answer.status !== 200) return { refused: refusedPage(c, answer) };
    if (!document) {
      return {
        refused: c.html(
          <MessagePage
            title="Document not found"
            message={`The engine ${engine} has no document with the id ${id}.`}
            csrfToken={c.get('session').csrfToken}
          />,
          404,
        ),
      };
    }
    return { engine, document };
  };

  app.get(`${route}/:id`, signedIn, async (c) => {
    const { engine, document, refused } = await opened(c);
    if (refused) return refused;
    const schema = await callApi<Schema>(api, c, 'GET', `${engineApi(engine)}/schema`);
    const cannotDelete = refusal(c.get('grant'), 'write', engine);
    return c.html(
      <DocumentPage
        engine={engine}
        csrfToken={c.get('session').csrfToken}
        document={document}
        schema={schema.status === 200 ? schema.body : {}}
        cannotDelete={cannotDelete}
      />,
    );
  });

  app.get(`${route}/:id/delete`, signedIn, async (c) => {
    const { engine, document, refused } = await opened(c);
    if (refused) return refused;
    return c.html(
      <DeleteDocumentPage
        engine={engine}
        csrfToken={c.get('session').csrfToken}
        id={document.id}
        title={documentTitle(document) ?? document.id}
      />,
    );
  });

  app.post(`${route}/:id/delete`, signedIn, csrfChecked, async (c) => {
    const { engine, document, refused } = await opened(c);
    if (refused) return refused;
    const answer = await callApi<{ id: string; deleted: boolean }[]>(api, c, 'DELETE', `${engineApi(engine)}/documents`, [document.id]);
    if (answer.status !== 200 || !answer.body?.[0]?.deleted) {
      const problems = (answer.errors.length > 0 ? answer.errors : ['The document was not deleted: the engine no longer has it.']).map(
        (text) => ({ text }),
      );
      return c.html(
        <DeleteDocumentPage
          engine={engine}
          csrfToken={c.get('session').csrfToken}
          id={document.id}
          title={documentTitle(document) ?? document.id}
          problems={problems}
        />,
        answer.status === 200 ? 404 : (answer.status as 403),
      );
    }
    return c.redirect(`${documentsPath(engine)}?deleted=${encodeURIComponent(document.id)}`, 303);
  });
};
