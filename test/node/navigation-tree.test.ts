import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  allNodes,
  ariaCurrentOf,
  comparablePath,
  findCurrent,
  findNavigationList,
  isWithin,
  navigationTree,
  normaliseText,
  parseNavigationList,
  splitAround,
  type NavElementLike,
} from '../../src/core/navigation-tree';

/** A stand-in for a DOM element: the members the parser reads. */
class FakeElement implements NavElementLike {
  readonly children: FakeElement[];
  readonly parts: Array<FakeElement | string>;
  constructor(
    readonly localName: string,
    readonly attributes: Record<string, string>,
    parts: Array<FakeElement | string>,
  ) {
    this.parts = parts;
    this.children = parts.filter((part): part is FakeElement => typeof part !== 'string');
  }
  get textContent(): string {
    return this.parts.map((part) => (typeof part === 'string' ? part : part.textContent)).join('');
  }
  getAttribute(name: string): string | null {
    return Object.prototype.hasOwnProperty.call(this.attributes, name) ? this.attributes[name] : null;
  }
}

const h = (localName: string, attributes: Record<string, string> = {}, ...parts: Array<FakeElement | string>) =>
  new FakeElement(localName, attributes, parts);
const link = (href: string, text: string) => h('a', { href }, text);
const leaf = (href: string, text: string) => h('li', {}, link(href, text));

/** The example site's navigation, as its CMS writes it. */
const siteNav = () =>
  h(
    'nav',
    { 'aria-label': 'Main' },
    h(
      'ul',
      { class: 'site-nav__list' },
      h(
        'li',
        {},
        '\n  ',
        link('/services/rates', '  Rates and\n   property '),
        h('p', {}, 'Pay your rates and apply for relief.'),
        h('ul', {}, leaf('/services/rates/pay', 'Pay your rates'), leaf('/services/rates/relief', 'Rates relief')),
      ),
      h(
        'li',
        {},
        link('/services/building', 'Building'),
        h(
          'ul',
          {},
          leaf('/guidance/building-consent', 'Apply for a building consent'),
          leaf('/services/building/inspections', 'Inspections'),
        ),
      ),
      leaf('/contact', 'Contact us'),
    ),
  );

test('finds the navigation list in a nav, or takes the list itself', () => {
  const nav = siteNav();
  const list = findNavigationList(nav);
  assert.equal(list?.getAttribute('class'), 'site-nav__list');
  assert.equal(findNavigationList(list!), list);
  assert.equal(findNavigationList(h('nav', {}, h('p', {}, 'No list'))), null);
});

test('reads each item: label, address, summary and child items, in order', () => {
  const tree = parseNavigationList(findNavigationList(siteNav())!);
  assert.deepEqual(
    tree.map(({ label, href, description }) => ({ label, href, description })),
    [
      { label: 'Rates and property', href: '/services/rates', description: 'Pay your rates and apply for relief.' },
      { label: 'Building', href: '/services/building', description: '' },
      { label: 'Contact us', href: '/contact', description: '' },
    ],
  );
  assert.deepEqual(
    tree[0].children.map((child) => [child.label, child.href]),
    [
      ['Pay your rates', '/services/rates/pay'],
      ['Rates relief', '/services/rates/relief'],
    ],
  );
  assert.equal(tree[2].children.length, 0);
  assert.equal(tree[2].list, null);
  assert.equal(tree[0].list?.localName, 'ul');
  assert.equal(tree[0].link?.getAttribute('href'), '/services/rates');
});

test('the link and the summary are never taken from the child list', () => {
  const item = h('li', {}, h('span', {}, 'Topics'), h('ul', {}, h('li', {}, link('/a', 'A'), h('p', {}, 'About A'))));
  const [node] = parseNavigationList(h('ul', {}, item));
  assert.equal(node.label, 'Topics');
  assert.equal(node.href, null);
  assert.equal(node.link, null);
  assert.equal(node.description, '');
  assert.deepEqual(
    node.children.map((child) => [child.label, child.href, child.description]),
    [['A', '/a', 'About A']],
  );
});

test('reads lists nested to any depth, and links wrapped in other elements', () => {
  const deep = h(
    'ul',
    {},
    h('li', {}, h('div', {}, link('/a', 'A')), h('ul', {}, h('li', {}, link('/a/b', 'B'), h('ol', {}, leaf('/a/b/c', 'C'))))),
  );
  const [a] = parseNavigationList(deep);
  assert.equal(a.href, '/a');
  assert.equal(a.children[0].children[0].label, 'C');
  assert.deepEqual(
    allNodes(parseNavigationList(deep)).map((node) => node.label),
    ['A', 'B', 'C'],
  );
});

test('skips whatever is not an item, and items with no text and no children', () => {
  const list = h('ul', {}, h('script', {}, 'x'), leaf('/a', 'A'), h('li', {}, '   '), h('li', {}, link('/empty', '  ')));
  assert.deepEqual(
    parseNavigationList(list).map((node) => node.label),
    ['A'],
  );
});

test('a list is read once: later readers get the first reading, whatever changed since', () => {
  const list = findNavigationList(siteNav())!;
  const first = navigationTree(list);
  (list.children as FakeElement[]).pop();
  assert.equal(navigationTree(list), first);
  assert.equal(first.length, 3);
});

test('normalises text as a visitor reads it', () => {
  assert.equal(normaliseText('  Rates and\n\t property  '), 'Rates and property');
  assert.equal(normaliseText(null), '');
});

test('compares addresses by path on the same site, without query, hash or trailing slash', () => {
  const base = 'https://www.example.govt.nz/services/rates';
  assert.equal(comparablePath('/services/rates/', base), '/services/rates');
  assert.equal(comparablePath('pay?x=1#top', base), '/services/pay');
  assert.equal(comparablePath('https://www.example.govt.nz/', base), '/');
  assert.equal(comparablePath('https://elsewhere.example/services/rates', base), null);
  assert.equal(comparablePath('http://[bad', base), null);
});

test('a path is within a section segment by segment', () => {
  assert.equal(isWithin('/services/rates/pay', '/services/rates'), true);
  assert.equal(isWithin('/services/rates', '/services/rates'), true);
  assert.equal(isWithin('/services/rates-relief', '/services/rates'), false);
  assert.equal(isWithin('/contact', '/'), false);
  assert.equal(isWithin('/', '/'), true);
});

const base = 'https://www.example.govt.nz/';
const labels = (trail: ReadonlyArray<{ label: string }>) => trail.map((node) => node.label);

test('the current page: its own link, and the sections above it', () => {
  const tree = parseNavigationList(findNavigationList(siteNav())!);
  const match = findCurrent(tree, '/services/rates/relief', base);
  assert.equal(match.exact, true);
  assert.deepEqual(labels(match.trail), ['Rates and property', 'Rates relief']);
  assert.equal(ariaCurrentOf(tree[0].children[1], match), 'page');
  assert.equal(ariaCurrentOf(tree[0], match), 'true');
  assert.equal(ariaCurrentOf(tree[0].children[0], match), undefined);
  assert.equal(ariaCurrentOf(tree[1], match), undefined);
});

test('the tree decides the section, not the address: a child may live under another path', () => {
  const tree = parseNavigationList(findNavigationList(siteNav())!);
  const match = findCurrent(tree, 'https://www.example.govt.nz/guidance/building-consent?step=2#fees', base);
  assert.deepEqual(labels(match.trail), ['Building', 'Apply for a building consent']);
  assert.equal(match.exact, true);
});

test('a page the navigation does not list marks the deepest section it lies in, never as the page', () => {
  const tree = parseNavigationList(findNavigationList(siteNav())!);
  const match = findCurrent(tree, '/services/rates/pay/online', base);
  assert.equal(match.exact, false);
  assert.deepEqual(labels(match.trail), ['Rates and property', 'Pay your rates']);
  assert.equal(ariaCurrentOf(tree[0].children[0], match), 'true');
  assert.deepEqual(labels(findCurrent(tree, '/services/rates-and-more', base).trail), []);
});

test('the home link is current on the home page only', () => {
  const tree = parseNavigationList(h('ul', {}, leaf('/', 'Home'), leaf('/contact', 'Contact')));
  assert.deepEqual(labels(findCurrent(tree, '/', base).trail), ['Home']);
  assert.deepEqual(labels(findCurrent(tree, '/news', base).trail), []);
});

test('an exact match anywhere wins over a section, and the first of two equal links wins', () => {
  const tree = parseNavigationList(h('ul', {}, h('li', {}, link('/a', 'A'), h('ul', {}, leaf('/a/b', 'B in A'))), leaf('/a/b', 'B again')));
  const match = findCurrent(tree, '/a/b', base);
  assert.deepEqual(labels(match.trail), ['A', 'B in A']);
});

test('works on plain data too (the server marks the same items)', () => {
  interface Item {
    title: string;
    href: string;
    children?: Item[];
  }
  const items: Item[] = [{ title: 'Rates', href: '/services/rates', children: [{ title: 'Pay', href: '/services/rates/pay' }] }];
  const match = findCurrent(items, '/services/rates/pay/', base);
  assert.deepEqual(
    match.trail.map((node) => node.title),
    ['Rates', 'Pay'],
  );
  assert.equal(findCurrent(items, 'https://other.example/services/rates', base).trail.length, 0);
});

test('splits a message around a placeholder', () => {
  assert.deepEqual(splitAround('All {section}', '{section}'), ['All ', '']);
  assert.deepEqual(splitAround('{section}: overview', '{section}'), ['', ': overview']);
  assert.deepEqual(splitAround('Everything', '{section}'), ['Everything ', '']);
  assert.deepEqual(splitAround('', '{section}'), ['', '']);
});
