import type { Context } from 'hono';
import type { Access } from '../credentials/types';
import type { WriteContext } from './write-context';

export type Handler = (c: Context, context: WriteContext) => Promise<Response>;

/**
 * Paths under the API prefix, what each method does and what the key must be allowed to do for it. Routes of one
 * engine name it in the `engine` path parameter, so a key limited to some engines reaches only those.
 */
export type RouteTable = ReadonlyArray<{ path: string; methods: Readonly<Record<string, { handle: Handler; access: Access }>> }>;
