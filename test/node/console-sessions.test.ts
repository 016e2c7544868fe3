import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConsoleSessions,
  csrfTokenMatches,
  SESSIONS_COLLECTION,
  type StoredSession,
} from '../../packages/civic-search/src/console/sessions';
import { openSealedKey } from '../../packages/civic-search/src/console/session-seal';
import { openSqliteOperatorStore, SERVICE_SCOPE, type OperatorStore } from '../../packages/civic-search/src/operator-state';
import { SignInLimiter } from '../../packages/civic-search/src/console/sign-in-limiter';
import { reportRange } from '../../packages/civic-search/src/console/report-range';

const MINUTE = 60_000;

/** A session store in a SQLite file of its own, as a service's data folder has it. */
async function sqliteStore(): Promise<{ store: OperatorStore; file: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'console-sessions-'));
  after(() => rm(dir, { recursive: true, force: true }));
  const file = join(dir, 'operator.db');
  const store = openSqliteOperatorStore(file);
  after(() => store.close());
  return { store, file };
}

/** What a request acts with: the key and the CSRF token. */
const seen = (session: { key: string; csrfToken: string } | undefined) => session && { key: session.key, csrfToken: session.csrfToken };

describe('console sessions in the operator store, on a moved clock', () => {
  it('end after 30 idle minutes, and use keeps one alive', async () => {
    let now = 0;
    const sessions = new ConsoleSessions((await sqliteStore()).store, {}, () => now);
    const used = await sessions.start('private-a');
    const idle = await sessions.start('private-b');
    now += 29 * MINUTE;
    assert.ok(await sessions.find(used.id));
    now += 2 * MINUTE;
    assert.ok(await sessions.find(used.id), 'used 2 minutes ago');
    assert.equal(await sessions.find(idle.id), undefined, 'idle for 31 minutes');
  });

  it('end after 8 hours however much they are used', async () => {
    let now = 0;
    const sessions = new ConsoleSessions((await sqliteStore()).store, {}, () => now);
    const { id } = await sessions.start('private-a');
    for (let hour = 0; hour < 8 * 4 - 1; hour++) {
      now += 15 * MINUTE;
      assert.ok(await sessions.find(id), `after ${now / MINUTE} minutes`);
    }
    now += 16 * MINUTE;
    assert.equal(await sessions.find(id), undefined);
  });

  it('are found only by their whole id, and not after they end', async () => {
    const { store } = await sqliteStore();
    const sessions = new ConsoleSessions(store);
    const { id, session } = await sessions.start('private-a');
    assert.deepEqual(seen(await sessions.find(id)), seen(session));
    assert.equal(await sessions.find(id.slice(0, -1)), undefined);
    assert.equal(await sessions.find(undefined), undefined);
    await sessions.end(id);
    assert.equal(await sessions.find(id), undefined);
    assert.equal((await store.collection(SESSIONS_COLLECTION).all(SERVICE_SCOPE)).length, 0);
  });

  it('match only their own CSRF token', async () => {
    const sessions = new ConsoleSessions((await sqliteStore()).store);
    const a = (await sessions.start('private-a')).session;
    const b = (await sessions.start('private-a')).session;
    assert.ok(csrfTokenMatches(a, a.csrfToken));
    assert.ok(!csrfTokenMatches(a, b.csrfToken));
    assert.ok(!csrfTokenMatches(a, ''));
    assert.ok(!csrfTokenMatches(a, undefined));
    assert.ok(!csrfTokenMatches(a, `${a.csrfToken}x`));
  });

  it('are known to every handle on the store, and ended for all by one', async () => {
    const { file, store } = await sqliteStore();
    const other = openSqliteOperatorStore(file);
    after(() => other.close());
    const here = new ConsoleSessions(store);
    const there = new ConsoleSessions(other);
    const { id, session } = await here.start('private-a');
    assert.deepEqual(seen(await there.find(id)), seen(session), 'the other handle finds the key and the same CSRF token');
    await there.end(id);
    assert.equal(await here.find(id), undefined);
  });

  it('keep in the store neither the session id, nor the key, nor the CSRF token, and a copied record opens with nothing but the cookie', async () => {
    const { store, file } = await sqliteStore();
    const sessions = new ConsoleSessions(store);
    const key = 'private-stored-nowhere-0123456789';
    const { id, session } = await sessions.start(key);
    const [record] = await store.collection<StoredSession>(SESSIONS_COLLECTION).all(SERVICE_SCOPE);
    const stored = JSON.stringify(record);
    for (const secret of [id, key, session.csrfToken]) assert.ok(!stored.includes(secret), 'not in the record');
    const bytes = await readFile(file);
    const wal = await readFile(`${file}-wal`).catch(() => Buffer.alloc(0));
    for (const secret of [id, key, session.csrfToken]) {
      assert.equal(bytes.indexOf(secret), -1, 'not in the file');
      assert.equal(wal.indexOf(secret), -1, 'not in the log');
    }
    // Whoever copies the record can name it only by what the store holds: its id is the session id's digest.
    assert.equal(await sessions.find(record!.id), undefined, 'the stored id is no session id');
    assert.equal(openSealedKey(record!.value.sealedKey, record!.id, record!.id), undefined, 'the sealed key does not open with the digest');
    assert.equal(openSealedKey(record!.value.sealedKey, id, record!.id), key, 'it opens with the cookie’s id');
  });

  it('delete expired sessions in a sweep, and leave live ones', async () => {
    let now = 0;
    const { store } = await sqliteStore();
    const sessions = new ConsoleSessions(store, {}, () => now);
    await sessions.start('private-old');
    now += 20 * MINUTE;
    const live = await sessions.start('private-new');
    now += 15 * MINUTE;
    assert.equal(await sessions.sweep(), 1);
    const left = await store.collection(SESSIONS_COLLECTION).all(SERVICE_SCOPE);
    assert.equal(left.length, 1);
    assert.ok(await sessions.find(live.id));
  });
});

describe('the sign-in limit, on a moved clock', () => {
  it('lets a client try 5 times in 15 minutes, then makes it wait for the window, and forgets it after', () => {
    let now = 0;
    const limiter = new SignInLimiter({}, () => now);
    for (let attempt = 0; attempt < 5; attempt++) {
      assert.equal(limiter.waitSeconds('a'), 0);
      limiter.failed('a');
    }
    assert.equal(limiter.waitSeconds('a'), 15 * 60);
    assert.equal(limiter.waitSeconds('b'), 0, 'another client is not held up');
    now += 10 * MINUTE;
    assert.equal(limiter.waitSeconds('a'), 5 * 60);
    now += 5 * MINUTE;
    assert.equal(limiter.waitSeconds('a'), 0);
  });

  it('forgets a client’s failures when it signs in', () => {
    const limiter = new SignInLimiter();
    for (let attempt = 0; attempt < 4; attempt++) limiter.failed('a');
    limiter.succeeded('a');
    limiter.failed('a');
    assert.equal(limiter.waitSeconds('a'), 0);
  });
});

describe('a report’s date range', () => {
  const now = Date.parse('2026-11-28T15:00:00Z');
  it('is the last 30 days, today included, when none is given', () => {
    const { fields, range, problem } = reportRange(undefined, undefined, now);
    assert.deepEqual(fields, { from: '2026-10-30', to: '2026-11-28' });
    assert.equal(range.from, Date.parse('2026-10-30T00:00:00Z'));
    assert.equal(range.to, Date.parse('2026-11-29T00:00:00Z') - 1);
    assert.equal(problem, undefined);
  });
  it('takes whole UTC days, and names what is wrong', () => {
    assert.equal(reportRange('2026-01-01', '2026-01-01', now).range.to, Date.parse('2026-01-02T00:00:00Z') - 1);
    assert.match(reportRange('2026-02-30', '2026-03-01', now).problem ?? '', /year, month and day/);
    assert.match(reportRange('yesterday', '2026-03-01', now).problem ?? '', /year, month and day/);
    assert.match(reportRange('2026-03-02', '2026-03-01', now).problem ?? '', /same as or after/);
  });
});
