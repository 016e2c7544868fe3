/**
 * The admin's per-engine turns: writes to an engine run side by side, a schema change runs alone, first come first
 * served, and a turn that fails still lets the next one in.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { engineLocks } from '../../packages/civic-search/src/search/cluster/engine-locks';

/** Work that runs until the test finishes it, recording when it starts. */
function held(log: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  let started = () => {};
  const running = new Promise<void>((resolve) => (started = resolve));
  return {
    work: async () => {
      log.push(`${name} starts`);
      started();
      await done;
      log.push(`${name} ends`);
    },
    running,
    finish,
  };
}

/** A turn given out of order leaves a test waiting for work that cannot start: the timeout makes that a failure. */
describe('engine locks', { timeout: 10_000 }, () => {
  it('lets a waiting schema change in before writes that arrive after it', async () => {
    const locks = engineLocks();
    const log: string[] = [];
    const firstWrite = held(log, 'write 1');
    const change = held(log, 'change');
    const laterWrite = held(log, 'write 2');
    const turns = [locks.shared('parks', firstWrite.work)];
    await firstWrite.running;
    turns.push(locks.exclusive('parks', change.work), locks.shared('parks', laterWrite.work));
    firstWrite.finish();
    await change.running;
    assert.deepEqual(log, ['write 1 starts', 'write 1 ends', 'change starts'], 'the later write waits behind the change');
    change.finish();
    await laterWrite.running;
    laterWrite.finish();
    await Promise.all(turns);
    assert.deepEqual(log.slice(3), ['change ends', 'write 2 starts', 'write 2 ends']);
  });

  it('keeps engines apart: a change to one does not hold writes to another', async () => {
    const locks = engineLocks();
    const log: string[] = [];
    const change = held(log, 'change parks');
    const pending = locks.exclusive('parks', change.work);
    await change.running;
    await locks.shared('lakes', async () => {
      log.push('write lakes');
    });
    assert.deepEqual(log, ['change parks starts', 'write lakes']);
    change.finish();
    await pending;
  });

  it('gives the next turn after one that failed', async () => {
    const locks = engineLocks();
    await assert.rejects(
      locks.exclusive('parks', async () => {
        throw new Error('the cluster went away');
      }),
      /went away/,
    );
    assert.equal(await locks.exclusive('parks', async () => 'next'), 'next');
  });
});
