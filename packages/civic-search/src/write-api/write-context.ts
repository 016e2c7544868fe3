import type { EngineAdmin } from '../engines/engine-admin';

/** What a write changed, for a caller that keeps something in step with the engines (caches, a registry). */
export interface WriteApiChange {
  engine: string;
  action: 'create-engine' | 'delete-engine' | 'schema' | 'documents';
}

/** What each route works with: the engines and a way to tell of a completed change. */
export interface WriteContext {
  admin: EngineAdmin;
  changed(change: WriteApiChange): void;
}
