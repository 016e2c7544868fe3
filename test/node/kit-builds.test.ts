import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { KIT_BUILDS, kitBuildFrom } from '../../scripts/kit-builds.mjs';

test('CIVIC_BUILD chooses the build the example site serves, React by default', () => {
  assert.equal(kitBuildFrom(undefined), 'react');
  assert.equal(kitBuildFrom(''), 'react');
  assert.equal(kitBuildFrom('react'), 'react');
  assert.equal(kitBuildFrom('lean'), 'lean');
  assert.equal(KIT_BUILDS[kitBuildFrom('lean')], 'dist/lean');
  assert.equal(KIT_BUILDS[kitBuildFrom(undefined)], 'dist');
});

test('an unknown CIVIC_BUILD is refused with the accepted values', () => {
  for (const value of ['preact', 'Lean', 'dist/lean', 'constructor', 'toString']) {
    assert.throws(() => kitBuildFrom(value), { message: /names no build of the kit: use 'react' or 'lean'/ }, value);
  }
});

test('the example server stops at once, saying why, on an unknown CIVIC_BUILD', () => {
  const result = spawnSync(process.execPath, ['--conditions=source', '--import', 'tsx', 'examples/server.ts'], {
    env: { ...process.env, CIVIC_BUILD: 'preact', PORT: '0' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(result.status, 1);
  assert.match(result.stderr, /CIVIC_BUILD="preact" names no build of the kit: use 'react' or 'lean'/);
});
