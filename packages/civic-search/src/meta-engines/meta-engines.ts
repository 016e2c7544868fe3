import { cachedView, SERVICE_SCOPE, type OperatorCollection, type OperatorStore } from '../operator-state';

export const META_ENGINES_COLLECTION = 'meta-engines';
/** App Search's limit of source engines per meta engine. */
export const MAX_SOURCE_ENGINES = 15;

/** A meta engine as it is kept: its name and its source engines, in the order they were added. */
export interface MetaEngineRecord {
  name: string;
  source_engines: string[];
}

/**
 * The meta engines, kept in the operator store (they hold no documents; their sources do). Read on every search of
 * a meta engine through a cache that follows the store's revision, so a change made through any process counts at
 * the next search.
 */
export class MetaEngines {
  private readonly records: OperatorCollection<MetaEngineRecord>;
  private readonly view;

  constructor(store: OperatorStore) {
    this.records = store.collection<MetaEngineRecord>(META_ENGINES_COLLECTION);
    this.view = cachedView(store, async () => new Map((await this.records.all(SERVICE_SCOPE)).map(({ id, value }) => [id, value])));
  }

  async all(): Promise<MetaEngineRecord[]> {
    return [...(await this.view.read()).values()];
  }

  async get(name: string): Promise<MetaEngineRecord | undefined> {
    return (await this.view.read()).get(name);
  }

  /** False when the name is taken by another meta engine. */
  async create(record: MetaEngineRecord): Promise<boolean> {
    return this.view.afterWrite(this.records.create(SERVICE_SCOPE, record.name, record));
  }

  async put(record: MetaEngineRecord): Promise<void> {
    await this.view.afterWrite(this.records.put(SERVICE_SCOPE, record.name, record));
  }

  async delete(name: string): Promise<boolean> {
    return this.view.afterWrite(this.records.delete(SERVICE_SCOPE, name));
  }
}
