import { test } from 'node:test';
import assert from 'node:assert/strict';
import { attributeName, convertAll, convertValue } from '../../src/web-component/attribute-values';

test('props map to kebab-case attributes', () => {
  assert.equal(attributeName('secondaryColour'), 'secondary-colour');
  assert.equal(attributeName('apiSrc'), 'api-src');
  assert.equal(attributeName('url'), 'url');
});

test('boolean attributes are true when present, whatever their value, as in HTML', () => {
  assert.equal(convertValue('boolean', '', 'x'), true);
  assert.equal(convertValue('boolean', 'open', 'x'), true);
  assert.equal(convertValue('boolean', 'false', 'x'), true);
  assert.equal(convertValue('boolean', undefined, 'x'), false);
  assert.equal(convertValue('boolean', null, 'x'), false);
});

test('numbers parse, and text that is not a number is ignored with a warning', (t) => {
  const warn = t.mock.method(console, 'warn', () => {});
  assert.equal(convertValue('number', ' 20 ', 'x'), 20);
  assert.equal(convertValue('number', '', 'x'), undefined);
  assert.equal(convertValue('number', 'twenty', '<search-results> size'), undefined);
  assert.match(String(warn.mock.calls[0].arguments[0]), /<search-results> size: "twenty" is not a number/);
});

test('JSON parses, passes objects set from script through, and never throws on bad input', (t) => {
  const error = t.mock.method(console, 'error', () => {});
  assert.deepEqual(convertValue('json', '{"a":1}', 'x'), { a: 1 });
  const object = { a: 1 };
  assert.equal(convertValue('json', object, 'x'), object);
  assert.equal(convertValue('json', '{oops', '<x-y> i18n'), undefined);
  assert.equal(error.mock.callCount(), 1);
});

test('convertAll types every attribute of a schema', () => {
  const props = convertAll({ label: 'string', open: 'boolean', size: 'number' }, { label: 'Fees', open: '' }, 'x-y');
  assert.deepEqual(props, { label: 'Fees', open: true, size: undefined });
});
