/**
 * The browser build's stand-in for the `side-channel` package, which qs uses to spot cycles while it reads and
 * writes the search URL state. The package carries fallbacks for engines without WeakMap, and describes missing
 * keys with object-inspect: with their dependencies, about 11 KB gzipped of the search page's JavaScript. Every
 * browser the kit supports has WeakMap and Map. rollup.config.mjs swaps it in for qs only; the node test
 * `test/node/side-channel-shim.test.ts` runs the same operations on both and compares.
 */
export interface SideChannel<K, V> {
  assert(key: K): void;
  delete(key: K): boolean;
  get(key: K): V | undefined;
  has(key: K): boolean;
  set(key: K, value: V): void;
}

const isObjectKey = (key: unknown): key is object => (typeof key === 'object' && key !== null) || typeof key === 'function';

export default function getSideChannel<K, V>(): SideChannel<K, V> {
  const byObject = new WeakMap<object, V>();
  const byValue = new Map<unknown, V>();
  const store = (key: K): Map<unknown, V> | WeakMap<object, V> => (isObjectKey(key) ? byObject : byValue);
  return {
    assert(key) {
      if (!store(key).has(key as object)) throw new TypeError('Side channel does not contain the given key');
    },
    delete: (key) => store(key).delete(key as object),
    get: (key) => store(key).get(key as object),
    has: (key) => store(key).has(key as object),
    set(key, value) {
      store(key).set(key as object, value);
    },
  };
}
