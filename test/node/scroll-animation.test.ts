import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { easeInOutCubic, scrollFrame } from '../../src/core/scroll-animation';
import { SCROLL_ANIMATION_MS } from '../../src/core/constants';

describe('easeInOutCubic', () => {
  const cases: Array<[number, number]> = [
    [0, 0],
    [0.5, 0.5],
    [1, 1],
    [-1, 0],
    [2, 1],
    [Number.NaN, 0],
  ];
  for (const [progress, expected] of cases) it(`${progress} → ${expected}`, () => assert.equal(easeInOutCubic(progress), expected));
  it('never goes backwards', () => {
    let previous = 0;
    for (let i = 0; i <= 100; i += 1) {
      const value = easeInOutCubic(i / 100);
      assert.ok(value >= previous);
      previous = value;
    }
  });
});

describe('scrollFrame', () => {
  const cases: Array<[string, number, number, number, number, { position: number; done: boolean }]> = [
    ['starts where the page is', 1200, 0, 0, SCROLL_ANIMATION_MS, { position: 1200, done: false }],
    ['is half way at half time', 1200, 0, SCROLL_ANIMATION_MS / 2, SCROLL_ANIMATION_MS, { position: 600, done: false }],
    ['arrives at the end of the duration', 1200, 0, SCROLL_ANIMATION_MS, SCROLL_ANIMATION_MS, { position: 0, done: true }],
    ['stays arrived after it', 1200, 0, SCROLL_ANIMATION_MS * 3, SCROLL_ANIMATION_MS, { position: 0, done: true }],
    ['arrives at once without a duration', 1200, 0, 0, 0, { position: 0, done: true }],
    ['arrives at once with a nonsense duration', 1200, 0, 0, Number.NaN, { position: 0, done: true }],
    ['rounds to whole pixels', 1001, 0, SCROLL_ANIMATION_MS / 2, SCROLL_ANIMATION_MS, { position: 501, done: false }],
  ];
  for (const [name, start, target, elapsed, duration, expected] of cases) {
    it(name, () => assert.deepEqual(scrollFrame(start, target, elapsed, duration), expected));
  }
});
