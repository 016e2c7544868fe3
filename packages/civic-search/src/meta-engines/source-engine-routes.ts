import type { Context } from 'hono';
import { ApiError } from '../write-api/api-error';
import { MESSAGES } from '../write-api/app-search-rules';
import { readJsonBody } from '../write-api/json-body';
import type { RouteTable } from '../write-api/route-table';
import type { WriteContext } from '../write-api/write-context';
import { isMetaEngineAdmin, type MetaEngineAdmin } from './meta-engine-admin';

const metaAdmin = (context: WriteContext): MetaEngineAdmin => {
  if (!isMetaEngineAdmin(context.admin)) throw new ApiError(404, [MESSAGES.unknownEngine]);
  return context.admin;
};

/** What App Search answers for a meta engine whose sources changed: the meta engine, as GET /engines/{name} shows it. */
const changed = async (
  c: Context,
  context: WriteContext,
  change: (admin: MetaEngineAdmin, name: string, sources: unknown) => Promise<object>,
) => {
  const name = c.req.param('engine')!;
  const engine = await change(metaAdmin(context), name, await readJsonBody(c));
  context.changed({ engine: name, action: 'schema' });
  return c.json(engine);
};

/** `POST` and `DELETE /engines/{meta}/source_engines` with a JSON array of engine names. */
export const SOURCE_ENGINE_ROUTES: RouteTable = [
  {
    path: '/engines/:engine/source_engines',
    methods: {
      POST: {
        access: 'write',
        handle: (c, context) => changed(c, context, (admin, name, sources) => admin.addSourceEngines(name, sources)),
      },
      DELETE: {
        access: 'write',
        handle: (c, context) => changed(c, context, (admin, name, sources) => admin.removeSourceEngines(name, sources)),
      },
    },
  },
];
