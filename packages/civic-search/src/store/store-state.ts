import type { EngineDefinition } from '../engines/engine-definition';
import type { EngineDocument } from '../engines/documents-file';
import type { EngineSchema, FieldType, SearchFieldWeights } from '../engines/engine-schema';
import type { StoreRecord } from './store-records';

/** What a listener is told after a change is durable, in the log's order. */
export type StoreChange =
  | { type: 'engine-created'; engine: string; definition: EngineDefinition }
  | { type: 'engine-deleted'; engine: string }
  /** An existing engine's definition was set from configuration (its relevance weights, say); documents kept. */
  | { type: 'definition-changed'; engine: string; definition: EngineDefinition }
  /** `changed`: the fields added or retyped. */
  | { type: 'schema-changed'; engine: string; schema: EngineSchema; changed: string[] }
  /** Whole documents (a patch already merged), each replacing any document of its id. */
  | { type: 'documents-put'; engine: string; documents: EngineDocument[] }
  /** Only ids that existed. */
  | { type: 'documents-deleted'; engine: string; ids: string[] };

export interface EngineState {
  definition: EngineDefinition;
  /** By id, in the order of last writes: a document written again (put or patch) moves to the end. */
  documents: Map<string, EngineDocument>;
  /** The documents as an array, made when asked for and dropped on any change. */
  ordered?: EngineDocument[];
}

/** Engines and their documents. The store keeps two: what is durable (readers see it) and what is logged so far. */
export class StoreState {
  readonly engines = new Map<string, EngineState>();

  /** A copy sharing the (never changed) documents and definitions: only the maps are new. */
  clone(): StoreState {
    const copy = new StoreState();
    for (const [name, engine] of this.engines) {
      copy.engines.set(name, { definition: engine.definition, documents: new Map(engine.documents), ordered: engine.ordered });
    }
    return copy;
  }

  /** The engine's documents in their stable order. */
  ordered(name: string): readonly EngineDocument[] | undefined {
    const engine = this.engines.get(name);
    if (!engine) return undefined;
    engine.ordered ??= [...engine.documents.values()];
    return engine.ordered;
  }

  /** Applies a record and says what changed. Unknown engines are skipped: a record never half-applies. */
  apply(record: StoreRecord): StoreChange[] {
    switch (record.op) {
      case 'create': {
        const name = record.definition.name;
        const changes: StoreChange[] = this.engines.has(name) ? [{ type: 'engine-deleted', engine: name }] : [];
        this.engines.set(name, { definition: record.definition, documents: new Map() });
        return [...changes, { type: 'engine-created', engine: name, definition: record.definition }];
      }
      case 'define': {
        const name = record.definition.name;
        const engine = this.engines.get(name);
        if (!engine) {
          this.engines.set(name, { definition: record.definition, documents: new Map() });
          return [{ type: 'engine-created', engine: name, definition: record.definition }];
        }
        const before = engine.definition.schema;
        engine.definition = record.definition;
        const changed = changedFields(before, record.definition.schema);
        const changes: StoreChange[] = [{ type: 'definition-changed', engine: name, definition: record.definition }];
        if (changed.length > 0) changes.unshift({ type: 'schema-changed', engine: name, schema: record.definition.schema, changed });
        return changes;
      }
      case 'drop':
        return this.engines.delete(record.engine) ? [{ type: 'engine-deleted', engine: record.engine }] : [];
      case 'schema': {
        const engine = this.engines.get(record.engine);
        if (!engine) return [];
        const change = this.addFields(record.engine, engine, record.fields);
        return change ? [change] : [];
      }
      case 'put': {
        const engine = this.engines.get(record.engine);
        if (!engine) return [];
        const changes: StoreChange[] = [];
        const schemaChange = this.addFields(record.engine, engine, record.fields);
        if (schemaChange) changes.push(schemaChange);
        // A document written again moves to the end: the order is the order of last writes, which is the order
        // the live index holds its documents in, so an index saved after writes fits the store's documents again.
        for (const document of record.documents) {
          engine.documents.delete(document.id);
          engine.documents.set(document.id, document);
        }
        engine.ordered = undefined;
        if (record.documents.length > 0) changes.push({ type: 'documents-put', engine: record.engine, documents: record.documents });
        return changes;
      }
      case 'delete': {
        const engine = this.engines.get(record.engine);
        if (!engine) return [];
        const ids = record.ids.filter((id) => engine.documents.delete(id));
        if (ids.length === 0) return [];
        engine.ordered = undefined;
        return [{ type: 'documents-deleted', engine: record.engine, ids }];
      }
    }
  }

  /**
   * Merges fields into the schema. A field retyped away from text leaves the default search fields, as only text
   * fields can be searched.
   */
  private addFields(name: string, engine: EngineState, fields: Record<string, FieldType>): StoreChange | undefined {
    const before = engine.definition.schema;
    const schema = Object.freeze({ ...before, ...fields });
    const changed = changedFields(before, schema);
    if (changed.length === 0) return undefined;
    engine.definition = { ...engine.definition, schema, searchFields: textOnly(engine.definition.searchFields, schema) };
    return { type: 'schema-changed', engine: name, schema, changed };
  }
}

function changedFields(before: EngineSchema, after: EngineSchema): string[] {
  return Object.keys(after).filter((field) => before[field] !== after[field]);
}

/** Relevance weights of text fields only (only text fields can be searched). */
export function textOnly(weights: SearchFieldWeights | undefined, schema: EngineSchema): SearchFieldWeights | undefined {
  if (!weights) return undefined;
  const kept = Object.entries(weights).filter(([field]) => schema[field] === 'text');
  return kept.length === Object.keys(weights).length ? weights : Object.freeze(Object.fromEntries(kept));
}
