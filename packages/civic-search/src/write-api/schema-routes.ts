import type { Context } from 'hono';
import { fieldNameProblem, isFieldType, type FieldType } from '../engines/engine-schema';
import { badRequest } from './api-error';
import { invalidFieldName, invalidFieldType, MAX_FIELDS, MESSAGES } from './app-search-rules';
import { readJsonBody } from './json-body';
import type { WriteContext } from './write-context';

export async function getSchema(c: Context, context: WriteContext) {
  return c.json(await context.admin.schema(c.req.param('engine')!));
}

/**
 * Adds fields and changes types from `{field: type}`, answering the whole schema as App Search does. Every name and
 * type is checked first and nothing changes when one is refused; the schema may not grow past MAX_FIELDS.
 */
export async function postSchema(c: Context, context: WriteContext) {
  const engine = c.req.param('engine')!;
  const body = await readJsonBody(c);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest(MESSAGES.schemaBody);
  const problems: string[] = [];
  const fields: Record<string, FieldType> = {};
  for (const [name, type] of Object.entries(body)) {
    const nameProblem = fieldNameProblem(name);
    if (nameProblem) problems.push(invalidFieldName(name, nameProblem));
    else if (!isFieldType(type)) problems.push(invalidFieldType(name, type));
    else fields[name] = type;
  }
  if (problems.length > 0) throw badRequest(...problems);
  const current = await context.admin.schema(engine);
  const total = new Set([...Object.keys(current), ...Object.keys(fields)]).size;
  if (total > MAX_FIELDS) throw badRequest(MESSAGES.schemaLimit);
  const schema = await context.admin.updateSchema(engine, fields);
  context.changed({ engine, action: 'schema' });
  return c.json(schema);
}
