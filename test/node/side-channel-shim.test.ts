import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import fc from 'fast-check';
import qs from 'qs';
import getSideChannelShim from '../../src/shims/side-channel';
import { sideChannelShim } from '../../scripts/esbuild-side-channel-shim.mjs';

const require = createRequire(import.meta.url);
const getSideChannel = require('side-channel') as () => {
  assert(key: unknown): void;
  delete(key: unknown): boolean;
  get(key: unknown): unknown;
  has(key: unknown): boolean;
  set(key: unknown, value: unknown): void;
};

const objectKeys = [{}, [], () => {}, { a: 1 }];
const key = fc.oneof(
  fc.constantFrom(...objectKeys),
  fc.constantFrom(null, undefined, 0, -0, Number.NaN, '', 'a', true, 1n, Symbol.for('s')),
  fc.string({ maxLength: 3 }),
  fc.integer({ min: -3, max: 3 }),
);
const operation = fc.oneof(
  fc.record({ op: fc.constant('set' as const), key, value: fc.integer() }),
  fc.record({ op: fc.constantFrom('get' as const, 'has' as const, 'delete' as const, 'assert' as const), key }),
);

/** What an operation gives back, or that it threw a TypeError. */
function run(channel: ReturnType<typeof getSideChannel>, { op, key, value }: { op: string; key: unknown; value?: number }) {
  try {
    if (op === 'set') return channel.set(key, value);
    if (op === 'assert') return channel.assert(key);
    return (channel as unknown as Record<string, (k: unknown) => unknown>)[op](key);
  } catch (error) {
    return error instanceof TypeError ? 'TypeError' : error;
  }
}

test('the side-channel shim answers every sequence of operations as the package does', () => {
  fc.assert(
    fc.property(fc.array(operation, { maxLength: 40 }), (operations) => {
      const real = getSideChannel();
      const shim = getSideChannelShim<unknown, unknown>();
      for (const operation of operations) assert.deepEqual(run(shim, operation), run(real, operation), JSON.stringify(operation.op));
    }),
    { numRuns: 1000 },
  );
});

test('a missing key is a TypeError, as with the package', () => {
  assert.throws(() => getSideChannelShim().assert({}), { name: 'TypeError', message: 'Side channel does not contain the given key' });
  assert.throws(() => getSideChannel().assert({}), { name: 'TypeError', message: 'Side channel does not contain the given object key' });
});

/** qs bundled as the browser build bundles it: with the shim in place of `side-channel`. */
async function qsWithShim(): Promise<typeof qs> {
  const { outputFiles } = await build({
    stdin: { contents: "export { parse, stringify } from 'qs';", resolveDir: process.cwd() },
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    plugins: [sideChannelShim],
  });
  assert.doesNotMatch(outputFiles[0].text, /object-inspect/, 'the package and its key descriptions are left out');
  return import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].text).toString('base64')}`);
}

test('qs with the shim reads and writes as qs with the package, and still refuses a cycle', async () => {
  const shimmed = await qsWithShim();
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.self = cyclic;
  assert.throws(() => shimmed.stringify(cyclic), RangeError);

  const queries = fc.sample(fc.webQueryParameters(), 300).concat([
    'q=rates&current=n_2_n&filters%5B0%5D%5Bfield%5D=topic&filters%5B0%5D%5Bvalues%5D%5B0%5D=Rates&filters%5B0%5D%5Btype%5D=any',
    'a[b][c][d][e][f][g]=deep&a[0]=x&a[]=y&__proto__[x]=1',
  ]);
  for (const query of queries) {
    const options = { arrayLimit: 1000, depth: 5, parameterLimit: 1000 };
    const parsed = shimmed.parse(query, options);
    assert.deepEqual(parsed, qs.parse(query, options), query);
    assert.equal(shimmed.stringify(parsed), qs.stringify(parsed), query);
  }
});
