import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createDebouncer } from '../../src/core/search/debounce';
import { createRequestSequencer } from '../../src/core/search/request-sequencer';

describe('debouncer', () => {
  it('runs the last call of a name after the wait; names are independent; 0 runs at once', (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const debouncer = createDebouncer();
    const ran: string[] = [];
    debouncer.run('search', 100, () => ran.push('search 1'));
    debouncer.run('search', 100, () => ran.push('search 2'));
    debouncer.run('url', 50, () => ran.push('url'));
    debouncer.run('now', 0, () => ran.push('now'));
    assert.deepEqual(ran, ['now']);
    t.mock.timers.tick(50);
    assert.deepEqual(ran, ['now', 'url']);
    t.mock.timers.tick(50);
    assert.deepEqual(ran, ['now', 'url', 'search 2']);
  });

  it('a new call replaces a pending one of the same name, even with another wait', (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const debouncer = createDebouncer();
    const ran: string[] = [];
    debouncer.run('search', 300, () => ran.push('slow'));
    debouncer.run('search', 0, () => ran.push('now'));
    t.mock.timers.tick(300);
    assert.deepEqual(ran, ['now']);
  });

  it('cancels one name or all', (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const debouncer = createDebouncer();
    const ran: string[] = [];
    debouncer.run('a', 10, () => ran.push('a'));
    debouncer.run('b', 10, () => ran.push('b'));
    debouncer.cancel('a');
    t.mock.timers.tick(10);
    debouncer.run('c', 10, () => ran.push('c'));
    debouncer.cancelAll();
    t.mock.timers.tick(10);
    assert.deepEqual(ran, ['b']);
  });
});

describe('request sequencer', () => {
  it('an answer older than the last applied one is old; only the newest request is the latest', () => {
    const sequence = createRequestSequencer();
    const first = sequence.next();
    const second = sequence.next();
    assert.equal(sequence.isLatest(first), false);
    assert.equal(sequence.isLatest(second), true);
    assert.equal(sequence.isOld(first), false, 'nothing applied yet');
    sequence.completed(second);
    assert.equal(sequence.isOld(first), true);
    assert.equal(sequence.isOld(second), false);
  });

  it('invalidate makes every request sent so far old, and not the next ones', () => {
    const sequence = createRequestSequencer();
    const sent = sequence.next();
    sequence.invalidate();
    assert.equal(sequence.isOld(sent), true);
    const next = sequence.next();
    assert.equal(sequence.isOld(next), false);
    assert.equal(sequence.isLatest(next), true);
  });
});
