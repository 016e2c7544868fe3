import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngineExistsError } from '../../packages/civic-search/src/engines/engine-admin';
import type { EngineDocument } from '../../packages/civic-search/src/engines/documents-file';
import { InvalidRequestError, UnknownEngineError } from '../../packages/civic-search/src/search/types';
import { openEngineStore, StoreLockedError, type StoreChange } from '../../packages/civic-search/src/store';
import { WriteAheadLog } from '../../packages/civic-search/src/store/write-ahead-log';

const temporaryDir = () => mkdtemp(join(tmpdir(), 'engine-store-'));
const doc = (id: string, fields: Record<string, unknown> = {}): EngineDocument => ({ id, title: `Title ${id}`, ...fields });

describe('engine store: engines', () => {
  it('creates, lists, describes and deletes engines; a taken name is refused', async () => {
    const store = await openEngineStore({ dir: await temporaryDir() });
    assert.deepEqual(await store.createEngine('pages', 'en'), { name: 'pages', type: 'default', language: 'en', document_count: 0 });
    await store.createEngine('notices', null);
    await assert.rejects(store.createEngine('pages', null), (error: Error) => error instanceof EngineExistsError && error.message === 'Name is already taken');
    assert.deepEqual(
      (await store.listEngines()).map(({ name, language }) => [name, language]),
      [
        ['pages', 'en'],
        ['notices', null],
      ],
    );
    await store.putDocuments('pages', [doc('a')]);
    assert.equal((await store.engineInfo('pages'))?.document_count, 1);
    assert.equal(await store.deleteEngine('pages'), true);
    assert.equal(await store.deleteEngine('pages'), false);
    assert.equal(await store.engineInfo('pages'), undefined);
    // A new engine of a deleted one's name starts empty.
    await store.createEngine('pages', 'en');
    assert.deepEqual(store.documents('pages'), []);
    await store.close();
  });

  it('refuses a bad engine name with the rule, and unknown engines with UnknownEngineError', async () => {
    const store = await openEngineStore({ dir: await temporaryDir() });
    await assert.rejects(store.createEngine('Bad Name', null), (error: Error) => error instanceof InvalidRequestError && /lowercase letters/.test(error.message));
    for (const call of [
      () => store.schema('nope'),
      () => store.updateSchema('nope', { a: 'text' }),
      () => store.putDocuments('nope', [doc('a')]),
      () => store.patchDocuments('nope', [doc('a')]),
      () => store.getDocuments('nope', ['a']),
      () => store.listDocuments('nope', { current: 1, size: 10 }),
      () => store.deleteDocuments('nope', ['a']),
    ]) {
      await assert.rejects(call(), UnknownEngineError);
    }
    await store.close();
  });

  it('seeds an engine from configuration: made when absent, its search fields replaced and missing fields added later', async () => {
    const store = await openEngineStore({ dir: await temporaryDir() });
    await store.seedEngine({ name: 'pages', schema: { title: 'text', body: 'text' }, searchFields: { title: { weight: 3 } } });
    assert.equal((await store.engineInfo('pages'))?.language, 'en', 'a definition without a language reports the default');
    await store.updateSchema('pages', { body: 'number' });
    const seeded = await store.seedEngine({
      name: 'pages',
      schema: { title: 'text', body: 'text', topic: 'text' },
      searchFields: { title: { weight: 5 }, topic: { weight: 1 } },
    });
    assert.deepEqual(seeded.schema, { title: 'text', body: 'number', topic: 'text' }, 'the stored type wins, new fields are added');
    assert.deepEqual(seeded.searchFields, { title: { weight: 5 }, topic: { weight: 1 } });
    assert.deepEqual(store.definitions(), [seeded]);
    await store.close();
  });
});

describe('engine store: schema', () => {
  it('adds and retypes fields, says which changed, and refuses bad names and types as App Search does', async () => {
    const store = await openEngineStore({ dir: await temporaryDir() });
    await store.createEngine('pages', null);
    const changes: StoreChange[] = [];
    store.subscribe((change) => changes.push(change));
    assert.deepEqual(await store.updateSchema('pages', { title: 'text', size: 'text' }), { title: 'text', size: 'text' });
    assert.deepEqual(await store.updateSchema('pages', { size: 'number', title: 'text' }), { title: 'text', size: 'number' });
    assert.deepEqual(
      changes.map((change) => change.type === 'schema-changed' && change.changed),
      [['title', 'size'], ['size']],
    );
    await assert.rejects(store.updateSchema('pages', { Title: 'text' }), /lowercase letters, numbers, and underscores/);
    await assert.rejects(store.updateSchema('pages', { id: 'text' }), /reserved/);
    await assert.rejects(store.updateSchema('pages', { price: 'money' as never }), /Invalid field type "money" for "price"/);
    assert.deepEqual(await store.schema('pages'), { title: 'text', size: 'number' });
    await store.close();
  });
});

describe('engine store: documents', () => {
  it('puts documents, adding unknown fields to the schema as text, and replaces by id, the replaced document moving to the end', async () => {
    const store = await openEngineStore({ dir: await temporaryDir() });
    await store.createEngine('pages', null);
    await store.updateSchema('pages', { views: 'number' });
    await store.putDocuments('pages', [doc('a'), doc('b', { views: 3 }), doc('c')]);
    assert.deepEqual(await store.schema('pages'), { views: 'number', title: 'text' });
    await store.putDocuments('pages', [doc('a', { title: 'New title', topic: 'Rates' })]);
    assert.deepEqual(await store.schema('pages'), { views: 'number', title: 'text', topic: 'text' });
    assert.deepEqual(
      store.documents('pages').map((document) => document.id),
      ['b', 'c', 'a'],
    );
    assert.deepEqual(await store.getDocuments('pages', ['a', 'x', 'b']), [{ id: 'a', title: 'New title', topic: 'Rates' }, null, doc('b', { views: 3 })]);
    await assert.rejects(store.putDocuments('pages', [doc('d', { Bad: 1 })]), /lowercase letters/);
    await store.close();
  });

  it('patches existing documents (fields not named are kept), never creating missing ones', async () => {
    const store = await openEngineStore({ dir: await temporaryDir() });
    await store.createEngine('pages', null);
    await store.putDocuments('pages', [doc('a', { body: 'Old body' }), doc('b')]);
    assert.deepEqual(await store.patchDocuments('pages', [{ id: 'a', title: 'Patched' }, { id: 'missing', title: 'x' }]), [true, false]);
    assert.deepEqual(await store.getDocuments('pages', ['a', 'missing']), [{ id: 'a', title: 'Patched', body: 'Old body' }, null]);
    assert.deepEqual(await store.patchDocuments('pages', [{ id: 'gone', title: 'x' }]), [false]);
    assert.equal((await store.engineInfo('pages'))?.document_count, 2);
    await store.close();
  });

  it('deletes by id, saying per id whether it existed, and lists pages in the stable order with the total', async () => {
    const store = await openEngineStore({ dir: await temporaryDir() });
    await store.createEngine('pages', null);
    await store.putDocuments('pages', ['a', 'b', 'c', 'd', 'e'].map((id) => doc(id)));
    assert.deepEqual(await store.deleteDocuments('pages', ['b', 'x', 'd']), [true, false, true]);
    await store.putDocuments('pages', [doc('b')]);
    const first = await store.listDocuments('pages', { current: 1, size: 2 });
    const second = await store.listDocuments('pages', { current: 2, size: 2 });
    const third = await store.listDocuments('pages', { current: 3, size: 2 });
    assert.deepEqual([first, second, third].map((page) => page.documents.map((document) => document.id)), [['a', 'c'], ['e', 'b'], []]);
    assert.equal(first.total, 4);
    await store.close();
  });

  it('tells listeners each change once durable, in order, with only ids that existed', async () => {
    const store = await openEngineStore({ dir: await temporaryDir() });
    const changes: StoreChange[] = [];
    store.subscribe((change) => changes.push(change));
    await store.createEngine('pages', null);
    await store.putDocuments('pages', [doc('a'), doc('b')]);
    await store.patchDocuments('pages', [{ id: 'a', summary: 'S' }]);
    await store.deleteDocuments('pages', ['b', 'zz']);
    await store.deleteEngine('pages');
    assert.deepEqual(
      changes.map((change) => [change.type, 'changed' in change ? change.changed : 'documents' in change ? change.documents.map((d) => d.id) : 'ids' in change ? change.ids : change.engine]),
      [
        ['engine-created', 'pages'],
        ['schema-changed', ['title']],
        ['documents-put', ['a', 'b']],
        ['schema-changed', ['summary']],
        ['documents-put', ['a']],
        ['documents-deleted', ['b']],
        ['engine-deleted', 'pages'],
      ],
    );
    const put = changes[4] as Extract<StoreChange, { type: 'documents-put' }>;
    assert.deepEqual(put.documents[0], { id: 'a', title: 'Title a', summary: 'S' }, 'a patch is told as the whole document');
    await store.close();
  });

  it('lets concurrent writes see each other, answers them in order, and reads only what is durable', async () => {
    const store = await openEngineStore({ dir: await temporaryDir() });
    const created = store.createEngine('pages', null);
    const put = store.putDocuments('pages', [doc('a')]);
    const patched = store.patchDocuments('pages', [{ id: 'a', body: 'B' }]);
    const again = store.createEngine('pages', null);
    assert.deepEqual(await store.listEngines(), [], 'nothing is visible before it is on disk');
    await assert.rejects(again, EngineExistsError);
    const order: string[] = [];
    await Promise.all([created.then(() => order.push('create')), put.then(() => order.push('put')), patched.then(() => order.push('patch'))]);
    assert.deepEqual(order, ['create', 'put', 'patch']);
    assert.deepEqual(await patched, [true]);
    assert.deepEqual(await store.getDocuments('pages', ['a']), [{ id: 'a', title: 'Title a', body: 'B' }]);
    await store.close();
  });
});

describe('engine store: the write queue', () => {
  it('takes an append made the moment an earlier one is acknowledged', { timeout: 10_000 }, async () => {
    const dir = await temporaryDir();
    const durable: string[] = [];
    const log = await WriteAheadLog.open<string>(dir, { seq: 1, size: 0, records: 0, lastBatch: 0 }, {
      durable: (item) => durable.push(item),
      failed: () => undefined,
      shouldRotate: () => false,
      rotated: () => undefined,
    });
    // Made in the same turn as the acknowledgement, just as the write loop finishes.
    await log
      .append('a', Buffer.from('"a"'))
      .then(() => log.append('b', Buffer.from('"b"')))
      .then(() => log.append('c', Buffer.from('"c"')));
    assert.deepEqual(durable, ['a', 'b', 'c']);
    await log.close();
  });
});

describe('engine store: restart', () => {
  it('keeps engines, schemas, documents and their order across close and reopen', async () => {
    const dir = await temporaryDir();
    const store = await openEngineStore({ dir });
    await store.createEngine('pages', 'en');
    await store.createEngine('notices', null);
    await store.updateSchema('pages', { published: 'date' });
    await store.putDocuments('pages', ['c', 'a', 'b'].map((id) => doc(id, { published: '2026-01-02' })));
    await store.patchDocuments('pages', [{ id: 'a', title: 'Patched' }]);
    await store.deleteDocuments('pages', ['c']);
    await store.putDocuments('notices', [doc('n1')]);
    await store.deleteEngine('notices');
    await store.createEngine('notices', 'mi');
    const before = { engines: await store.listEngines(), definitions: store.definitions(), documents: store.documents('pages') };
    await store.close();

    const reopened = await openEngineStore({ dir });
    assert.deepEqual(await reopened.listEngines(), before.engines);
    assert.deepEqual(reopened.definitions(), before.definitions);
    assert.deepEqual(reopened.documents('pages'), before.documents);
    assert.deepEqual(reopened.documents('notices'), []);
    assert.equal(reopened.recovery.recordsReplayed, 9);
    assert.equal(reopened.recovery.skipped, undefined);
    await reopened.close();
  });

  it('lets one process at a time open a directory, and takes over a lock left by a dead process', async () => {
    const dir = await temporaryDir();
    const store = await openEngineStore({ dir });
    await assert.rejects(openEngineStore({ dir }), (error: Error) => error instanceof StoreLockedError && error.message.includes('already open'));
    await store.close();
    const { writeFile } = await import('node:fs/promises');
    // A pid far above Linux's default pid_max (4194304) is never running.
    await writeFile(join(dir, 'store.lock'), '99999999\n');
    const reopened = await openEngineStore({ dir });
    await reopened.close();
    // A restarted service (in a container, say) may have the pid of the one killed.
    await writeFile(join(dir, 'store.lock'), `${process.pid}\n`);
    const restarted = await openEngineStore({ dir });
    await restarted.close();
    await writeFile(join(dir, 'store.lock'), '1\n');
    await assert.rejects(openEngineStore({ dir }), (error: Error) => error instanceof StoreLockedError && /in use by process 1/.test(error.message));
  });
});

describe('engine store: a failed write', () => {
  it('refuses the write, leaves no trace of it on disk or in memory, and takes the next one', async () => {
    const dir = await temporaryDir();
    const store = await openEngineStore({ dir });
    await store.createEngine('pages', null);
    await store.putDocuments('pages', [doc('a')]);
    const changes: StoreChange[] = [];
    store.subscribe((change) => changes.push(change));
    // The disk refuses one flush (say it is full) after the bytes were handed to the kernel.
    const handle = (store as unknown as { log: { handle: { datasync(): Promise<void> } } }).log.handle;
    const datasync = handle.datasync.bind(handle);
    handle.datasync = async () => {
      handle.datasync = datasync;
      throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    };
    const failed = store.putDocuments('pages', [doc('b', { topic: 'Lost' })]);
    const waiting = store.patchDocuments('pages', [{ id: 'b', title: 'Worked out on top of b' }]);
    await assert.rejects(failed, /could not write its log \(ENOSPC/);
    await assert.rejects(waiting, /could not write its log/);
    assert.deepEqual(changes, []);
    assert.deepEqual(await store.schema('pages'), { title: 'text' }, 'the field the failed put added is not there');
    assert.deepEqual(await store.patchDocuments('pages', [{ id: 'b', title: 'x' }]), [false], 'later writes do not see it');
    await store.putDocuments('pages', [doc('c')]);
    await store.close();

    const reopened = await openEngineStore({ dir });
    assert.deepEqual(reopened.documents('pages').map((document) => document.id), ['a', 'c']);
    assert.deepEqual(await reopened.schema('pages'), { title: 'text' });
    await reopened.close();
  });
});

describe('engine store: start', () => {
  it('stops a start that is aborted and lets go of the directory', async () => {
    const dir = await temporaryDir();
    const controller = new AbortController();
    controller.abort(new Error('shutting down'));
    await assert.rejects(openEngineStore({ dir, signal: controller.signal }), /shutting down/);
    const store = await openEngineStore({ dir });
    await store.close();
  });
});
