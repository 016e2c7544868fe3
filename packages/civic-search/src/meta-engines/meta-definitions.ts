import type { EngineDefinition } from '../engines/engine-definition';
import type { EngineSchema, FieldType } from '../engines/engine-schema';
import type { MetaEngineRecord } from './meta-engines';

/** Fields of several engines together: a field typed differently in two takes the first one's type. */
export function unionSchema(schemas: readonly EngineSchema[]): EngineSchema {
  const union: Record<string, FieldType> = {};
  for (const schema of schemas) for (const [field, type] of Object.entries(schema)) if (!(field in union)) union[field] = type;
  return union;
}

/** What a search of a meta engine is checked against: its sources' fields together, every text field searched. */
export function metaEngineDefinitions(metas: readonly MetaEngineRecord[], engines: readonly EngineDefinition[]): EngineDefinition[] {
  const byName = new Map(engines.map((engine) => [engine.name, engine]));
  return metas.map((meta) => ({
    name: meta.name,
    language: null,
    schema: unionSchema(meta.source_engines.map((source) => byName.get(source)?.schema ?? {})),
  }));
}
