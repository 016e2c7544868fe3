import type { Context } from 'hono';
import { ApiError, badRequest } from '../write-api/api-error';
import { readJsonBody } from '../write-api/json-body';
import { pageMeta, readPage } from '../write-api/paging';
import type { RouteTable } from '../write-api/route-table';
import type { WriteContext } from '../write-api/write-context';
import {
  CREDENTIAL_MESSAGES,
  CREDENTIALS_PAGE_SIZE_DEFAULT,
  credentialBody,
  readCredentialInput,
  unknownEngine,
  type CredentialInput,
} from './credential-rules';
import type { Credentials } from './credentials';

/** The settings a body gives, or 400 with every problem; engines a key names must exist, so a typo is caught now. */
async function checkedInput(c: Context, context: WriteContext): Promise<CredentialInput> {
  const read = readCredentialInput(await readJsonBody(c));
  if ('problems' in read) throw badRequest(...read.problems);
  const missing: string[] = [];
  for (const engine of read.input.engines) if (!(await context.admin.engineInfo(engine))) missing.push(unknownEngine(engine));
  if (missing.length > 0) throw badRequest(...missing);
  return read.input;
}

/**
 * App Search's credentials endpoints (`/credentials`, `/credentials/{name}`), for an admin key. A key is shown once,
 * in the answer that makes it; lists and gets show everything else about it (only its digest is kept).
 */
export function credentialRoutes(credentials: Credentials): RouteTable {
  const named = async (c: Context) => {
    const credential = await credentials.get(c.req.param('name')!);
    if (!credential) throw new ApiError(404, [CREDENTIAL_MESSAGES.notFound]);
    return credential;
  };
  return [
    {
      path: '/credentials',
      methods: {
        GET: {
          access: 'admin',
          handle: async (c) => {
            const page = readPage(new URL(c.req.url).searchParams, await readJsonBody(c), CREDENTIALS_PAGE_SIZE_DEFAULT);
            const { credentials: listed, total } = await credentials.list({ offset: (page.current - 1) * page.size, limit: page.size });
            return c.json({ meta: pageMeta(page, total), results: listed.map((credential) => credentialBody(credential)) });
          },
        },
        POST: {
          access: 'admin',
          handle: async (c, context) => {
            const made = await credentials.create(await checkedInput(c, context));
            if (!made) throw badRequest(CREDENTIAL_MESSAGES.nameTaken);
            return c.json(credentialBody(made.credential, made.key));
          },
        },
      },
    },
    {
      path: '/credentials/:name',
      methods: {
        GET: { access: 'admin', handle: async (c) => c.json(credentialBody(await named(c))) },
        PUT: {
          access: 'admin',
          handle: async (c, context) => {
            const existing = await named(c);
            const input = await checkedInput(c, context);
            if (input.name !== existing.name) throw badRequest(CREDENTIAL_MESSAGES.rename);
            if (input.type !== existing.type) throw badRequest(CREDENTIAL_MESSAGES.typeChange);
            return c.json(credentialBody(await credentials.update(existing, input)));
          },
        },
        DELETE: {
          access: 'admin',
          handle: async (c) => {
            if (!(await credentials.delete(c.req.param('name')!))) throw new ApiError(404, [CREDENTIAL_MESSAGES.notFound]);
            return c.json({ deleted: true });
          },
        },
      },
    },
  ];
}
