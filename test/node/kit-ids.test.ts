import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KIT_ID_PREFIX, nextKitId } from '../../src/core/kit-ids';

test('nextKitId never repeats an id, whichever element asks', () => {
  const ids = [nextKitId('accordion'), nextKitId('accordion'), nextKitId('data-table'), nextKitId('accordion')];
  assert.equal(new Set(ids).size, ids.length);
  for (const id of ids) assert.match(id, new RegExp(`^${KIT_ID_PREFIX}-(accordion|data-table)-\\d+$`));
});

test('nextKitId skips ids the page already uses', () => {
  const taken = new Set<string>();
  const probe = nextKitId('share-panel');
  const number = Number(probe.split('-').at(-1));
  // The next two candidates are taken by the server's markup.
  taken.add(`civic-share-panel-${number + 1}`).add(`civic-share-panel-${number + 2}`);
  const id = nextKitId('share-panel', (candidate) => taken.has(candidate));
  assert.equal(id, `civic-share-panel-${number + 3}`);
});

test('nextKitId makes a usable id from any name', () => {
  assert.match(nextKitId('my element!'), /^civic-my-element-\d+$/);
  assert.match(nextKitId('  '), /^civic-id-\d+$/);
});
