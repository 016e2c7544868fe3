import type { Context } from 'hono';
import { engineNameProblem } from '../engines/engine-definition';
import type { EngineInfo } from '../engines/engine-admin';
import { ApiError, badRequest } from './api-error';
import { isMetaEngineAdmin } from '../meta-engines/meta-engine-admin';
import { ENGINES_PAGE_SIZE_DEFAULT, MESSAGES } from './app-search-rules';
import { readJsonBody } from './json-body';
import { pageMeta, readPage } from './paging';
import type { WriteContext } from './write-context';

/** App Search's language codes look like `en` or `pt-br`; which ones an engine may have is the backend's to say. */
const LANGUAGE_CODE = /^[a-z]{2,3}(-[a-z]{2,4})?$/;

/** An engine as App Search answers it. */
const engineBody = (engine: EngineInfo) => ({
  name: engine.name,
  type: engine.type,
  language: engine.language,
  document_count: engine.document_count,
  ...(engine.source_engines && { source_engines: engine.source_engines }),
});

const query = (c: Context) => new URL(c.req.url).searchParams;
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The engine a path names, or 404 with App Search's text. */
export async function existingEngine(c: Context, context: WriteContext): Promise<EngineInfo> {
  const engine = await context.admin.engineInfo(c.req.param('engine')!);
  if (!engine) throw new ApiError(404, [MESSAGES.unknownEngine]);
  return engine;
}

/** A page of engines, by name, with App Search's `meta.page`. */
async function listEngines(c: Context, context: WriteContext, body: unknown) {
  const page = readPage(query(c), body, ENGINES_PAGE_SIZE_DEFAULT);
  const engines = [...(await context.admin.listEngines())].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const start = (page.current - 1) * page.size;
  return c.json({ meta: pageMeta(page, engines.length), results: engines.slice(start, start + page.size).map(engineBody) });
}

export const getEngines = async (c: Context, context: WriteContext) => listEngines(c, context, await readJsonBody(c));

/**
 * POST /engines creates an engine from `{name, language}`; a language left out is null (universal), as App Search
 * makes it. A body with paging and no name lists engines instead, for clients that cannot send a GET body.
 */
export async function postEngines(c: Context, context: WriteContext) {
  const body = await readJsonBody(c);
  if (isObject(body) && body.name === undefined && body.page !== undefined) return listEngines(c, context, body);
  if (!isObject(body) || body.name === undefined || body.name === null || body.name === '') throw badRequest(MESSAGES.nameRequired);
  const { name, language, type } = body;
  const problems: string[] = [];
  if (typeof name !== 'string') problems.push(MESSAGES.nameRequired);
  else {
    const problem = engineNameProblem(name);
    if (problem) problems.push(problem);
  }
  if (language !== undefined && language !== null && (typeof language !== 'string' || !LANGUAGE_CODE.test(language))) {
    problems.push(MESSAGES.languageType);
  }
  if (type === 'meta' && isMetaEngineAdmin(context.admin)) {
    if (problems.length > 0) throw badRequest(...problems);
    const meta = await context.admin.createMetaEngine(name as string, body.source_engines);
    context.changed({ engine: meta.name, action: 'create-engine' });
    return c.json(engineBody(meta));
  }
  if (type !== undefined && type !== 'default') problems.push(MESSAGES.metaEngines);
  if (problems.length > 0) throw badRequest(...problems);
  const engine = await context.admin.createEngine(name as string, (language ?? null) as string | null);
  context.changed({ engine: engine.name, action: 'create-engine' });
  return c.json(engineBody(engine));
}

export async function getEngine(c: Context, context: WriteContext) {
  return c.json(engineBody(await existingEngine(c, context)));
}

/** Deletes an engine with its documents: `{"deleted": true}`, or 404 when there was none. */
export async function deleteEngine(c: Context, context: WriteContext) {
  const name = c.req.param('engine')!;
  if (!(await context.admin.deleteEngine(name))) throw new ApiError(404, [MESSAGES.unknownEngine]);
  context.changed({ engine: name, action: 'delete-engine' });
  return c.json({ deleted: true });
}
