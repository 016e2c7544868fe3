import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { OperatorStoreError, type OperatorCollection, type OperatorStore, type RecordPage, type StoredRecord } from './types';

/** The file in the data folder that keeps the operator's records. */
export const OPERATOR_DB_FILE = 'operator.db';
/** Raised when the table layout changes; a file with a higher version was written by a newer civic-search. */
const SCHEMA_VERSION = 1;
const DEFAULT_PAGE_SIZE = 25;

const CREATE = `
  CREATE TABLE IF NOT EXISTS records (
    collection TEXT NOT NULL,
    scope TEXT NOT NULL,
    id TEXT NOT NULL,
    value TEXT NOT NULL,
    created_seq INTEGER NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (collection, scope, id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS records_order ON records (collection, scope, created_seq);
  CREATE TABLE IF NOT EXISTS revision (only INTEGER PRIMARY KEY CHECK (only = 1), seq INTEGER NOT NULL);
  INSERT OR IGNORE INTO revision (only, seq) VALUES (1, 0);
`;

interface Row {
  id: string;
  value: string;
  updated_at: string;
}

const toRecord = <T>(row: Row): StoredRecord<T> => ({ id: row.id, value: JSON.parse(row.value) as T, updatedAt: row.updated_at });

/**
 * Operator records in one SQLite file. WAL journal with `synchronous = FULL`: a write that returned is in the log on
 * disk, so it survives the process being killed (and the machine losing power). Every write bumps one revision
 * counter in the same transaction, which is what caches in other processes watch.
 */
export function openSqliteOperatorStore(file: string, now: () => Date = () => new Date()): OperatorStore {
  mkdirSync(dirname(file), { recursive: true });
  let db: Database.Database;
  try {
    db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION)
      throw new OperatorStoreError(`${file} was written by a newer civic-search (layout ${version}); upgrade civic-search to read it.`);
    db.exec(CREATE);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  } catch (error) {
    if (error instanceof OperatorStoreError) throw error;
    // Settings, synonyms and keys are the operator's work: an unreadable file is reported, never replaced by an
    // empty one that would silently drop them.
    throw new OperatorStoreError(`${file} cannot be opened as civic-search's operator store (${(error as Error).message}). Restore it from a backup, or move it away to start with no settings, synonyms, curations or keys.`);
  }

  const statements = {
    get: db.prepare<[string, string, string], Row>('SELECT id, value, updated_at FROM records WHERE collection = ? AND scope = ? AND id = ?'),
    page: db.prepare<[string, string, number, number], Row>(
      'SELECT id, value, updated_at FROM records WHERE collection = ? AND scope = ? ORDER BY created_seq LIMIT ? OFFSET ?',
    ),
    all: db.prepare<[string, string], Row>('SELECT id, value, updated_at FROM records WHERE collection = ? AND scope = ? ORDER BY created_seq'),
    count: db.prepare<[string, string], { total: number }>('SELECT count(*) AS total FROM records WHERE collection = ? AND scope = ?'),
    bump: db.prepare('UPDATE revision SET seq = seq + 1 WHERE only = 1 RETURNING seq'),
    revision: db.prepare<[], { seq: number }>('SELECT seq FROM revision WHERE only = 1'),
    insert: db.prepare('INSERT INTO records (collection, scope, id, value, created_seq, updated_at) VALUES (?, ?, ?, ?, ?, ?)'),
    insertNew: db.prepare('INSERT OR IGNORE INTO records (collection, scope, id, value, created_seq, updated_at) VALUES (?, ?, ?, ?, ?, ?)'),
    update: db.prepare('UPDATE records SET value = ?, updated_at = ? WHERE collection = ? AND scope = ? AND id = ?'),
    delete: db.prepare('DELETE FROM records WHERE collection = ? AND scope = ? AND id = ?'),
    deleteScope: db.prepare('DELETE FROM records WHERE collection = ? AND scope = ?'),
  };
  const bump = () => (statements.bump.get() as { seq: number }).seq;

  const put = db.transaction((collection: string, scope: string, id: string, json: string, at: string) => {
    const seq = bump();
    const updated = statements.update.run(json, at, collection, scope, id);
    if (updated.changes === 0) statements.insert.run(collection, scope, id, json, seq, at);
  });
  const create = db.transaction((collection: string, scope: string, id: string, json: string, at: string) => {
    const seq = bump();
    const inserted = statements.insertNew.run(collection, scope, id, json, seq, at);
    // Nothing written: the revision is left as it was, so caches are not refreshed for nothing.
    if (inserted.changes === 0) throw new NothingChanged();
    return true;
  });
  const remove = db.transaction((statement: Database.Statement, args: unknown[]) => {
    const { changes } = statement.run(...args);
    if (changes === 0) throw new NothingChanged();
    bump();
    return changes;
  });
  const unlessUnchanged = <R>(write: () => R, otherwise: R): R => {
    try {
      return write();
    } catch (error) {
      if (error instanceof NothingChanged) return otherwise;
      throw error;
    }
  };

  let open = true;
  const usable = () => {
    if (!open) throw new OperatorStoreError('The operator store is closed.');
  };

  return {
    kind: 'sqlite',
    revisionTtlMs: 0,
    collection<T>(name: string): OperatorCollection<T> {
      return {
        async get(scope, id) {
          usable();
          const row = statements.get.get(name, scope, id);
          return row && toRecord<T>(row);
        },
        async list(scope, { offset = 0, limit = DEFAULT_PAGE_SIZE } = {}): Promise<RecordPage<T>> {
          usable();
          const records = statements.page.all(name, scope, limit, offset).map((row) => toRecord<T>(row));
          return { records, total: statements.count.get(name, scope)!.total };
        },
        async all(scope) {
          usable();
          return statements.all.all(name, scope).map((row) => toRecord<T>(row));
        },
        async put(scope, id, value) {
          usable();
          const at = now().toISOString();
          put(name, scope, id, JSON.stringify(value), at);
          return { id, value, updatedAt: at };
        },
        async create(scope, id, value) {
          usable();
          return unlessUnchanged(() => create(name, scope, id, JSON.stringify(value), now().toISOString()), false);
        },
        async delete(scope, id) {
          usable();
          return unlessUnchanged(() => remove(statements.delete, [name, scope, id]) > 0, false);
        },
        async deleteScope(scope) {
          usable();
          return unlessUnchanged(() => remove(statements.deleteScope, [name, scope]), 0);
        },
      };
    },
    async revision() {
      usable();
      return statements.revision.get()!.seq;
    },
    async close() {
      if (!open) return;
      open = false;
      db.close();
    },
  };
}

/** Inside a transaction: nothing was there to change, so the transaction rolls back and the revision stays. */
class NothingChanged extends Error {}
