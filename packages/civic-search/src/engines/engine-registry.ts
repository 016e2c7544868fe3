import { checkedEngineDefinition, type EngineDefinition } from './engine-definition';

/**
 * The engines a service answers for, as they are now: engines created, changed (schema, weights) and deleted
 * through the write API show here at once, so the proxy checks each request against the schema it has at that
 * moment. Reads are synchronous: a request never waits to learn its engine.
 */
export class EngineRegistry {
  private readonly byName = new Map<string, EngineDefinition>();

  constructor(definitions: Iterable<string | EngineDefinition> = []) {
    for (const definition of definitions) this.set(definition);
  }

  get(name: string): EngineDefinition | undefined {
    return this.byName.get(name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  list(): EngineDefinition[] {
    return [...this.byName.values()];
  }

  get size(): number {
    return this.byName.size;
  }

  /** Adds or replaces an engine's definition (checked: its name, schema and weights). */
  set(definition: string | EngineDefinition): EngineDefinition {
    const checked = Object.freeze(checkedEngineDefinition(definition));
    this.byName.set(checked.name, checked);
    return checked;
  }

  delete(name: string): boolean {
    return this.byName.delete(name);
  }
}
