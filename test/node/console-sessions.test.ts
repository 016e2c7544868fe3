import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConsoleSessions, csrfTokenMatches } from '../../packages/civic-search/src/console/sessions';
import { SignInLimiter } from '../../packages/civic-search/src/console/sign-in-limiter';
import { reportRange } from '../../packages/civic-search/src/console/report-range';

const MINUTE = 60_000;

describe('console sessions, on a moved clock', () => {
  it('end after 30 idle minutes, and use keeps one alive', () => {
    let now = 0;
    const sessions = new ConsoleSessions({}, () => now);
    const used = sessions.start('private-a');
    const idle = sessions.start('private-b');
    now += 29 * MINUTE;
    assert.ok(sessions.find(used.id));
    now += 2 * MINUTE;
    assert.ok(sessions.find(used.id), 'used 2 minutes ago');
    assert.equal(sessions.find(idle.id), undefined, 'idle for 31 minutes');
  });

  it('end after 8 hours however much they are used', () => {
    let now = 0;
    const sessions = new ConsoleSessions({}, () => now);
    const { id } = sessions.start('private-a');
    for (let hour = 0; hour < 8 * 4 - 1; hour++) {
      now += 15 * MINUTE;
      assert.ok(sessions.find(id), `after ${now / MINUTE} minutes`);
    }
    now += 16 * MINUTE;
    assert.equal(sessions.find(id), undefined);
  });

  it('are found only by their whole id, and not after they end', () => {
    const sessions = new ConsoleSessions();
    const { id, session } = sessions.start('private-a');
    assert.equal(sessions.find(id), session);
    assert.equal(sessions.find(id.slice(0, -1)), undefined);
    assert.equal(sessions.find(undefined), undefined);
    sessions.end(id);
    assert.equal(sessions.find(id), undefined);
    assert.equal(sessions.size, 0);
  });

  it('match only their own CSRF token', () => {
    const sessions = new ConsoleSessions();
    const a = sessions.start('private-a').session;
    const b = sessions.start('private-a').session;
    assert.ok(csrfTokenMatches(a, a.csrfToken));
    assert.ok(!csrfTokenMatches(a, b.csrfToken));
    assert.ok(!csrfTokenMatches(a, ''));
    assert.ok(!csrfTokenMatches(a, undefined));
    assert.ok(!csrfTokenMatches(a, `${a.csrfToken}x`));
  });

  it('sign out every session of a revoked key', () => {
    const sessions = new ConsoleSessions();
    const a = sessions.start('private-a');
    const b = sessions.start('private-b');
    sessions.endAllFor('private-a');
    assert.equal(sessions.find(a.id), undefined);
    assert.ok(sessions.find(b.id));
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
