import { test } from 'node:test';
import assert from 'node:assert/strict';
import { format, mergeMessages } from '../../src/core/i18n';

const defaults = { close: 'Close', title: 'Announcement' } as const;

test('mergeMessages keeps the defaults when there are no overrides', () => {
  assert.equal(mergeMessages(defaults, undefined), defaults);
  assert.equal(mergeMessages(defaults, null), defaults);
});

test('mergeMessages applies known string overrides', () => {
  assert.deepEqual(mergeMessages(defaults, { close: 'Kati' }), { close: 'Kati', title: 'Announcement' });
});

test('mergeMessages ignores unknown keys and non-strings, and says so', (t) => {
  const warn = t.mock.method(console, 'warn', () => {});
  const merged = mergeMessages(defaults, { clsoe: 'Kati', title: 42 }, 'announcement-banner');
  assert.deepEqual(merged, defaults);
  assert.equal(warn.mock.callCount(), 2);
  assert.match(String(warn.mock.calls[0].arguments[0]), /announcement-banner: unknown i18n key "clsoe"/);
});

test('mergeMessages rejects a non-object and keeps the defaults', (t) => {
  t.mock.method(console, 'warn', () => {});
  assert.equal(mergeMessages(defaults, 'Close'), defaults);
  assert.equal(mergeMessages(defaults, ['Close']), defaults);
});

test('mergeMessages cannot be used to pollute prototypes', () => {
  const merged = mergeMessages(defaults, JSON.parse('{"__proto__": {"polluted": "yes"}}'));
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  assert.deepEqual(merged, defaults);
});

test('format fills placeholders and leaves unknown ones visible', () => {
  assert.equal(format('Step {n} of {total}', { n: 2, total: 4 }), 'Step 2 of 4');
  assert.equal(format('Play video: {title}', {}), 'Play video: {title}');
});
