import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { nextScrollStep, stepsToTop } from '../../src/core/scroll-steps';
import { JUMP_TO_TOP_STEP_PX } from '../../src/core/constants';

describe('nextScrollStep', () => {
  it('moves up by one step at a time', () => {
    assert.deepEqual(nextScrollStep(500, JUMP_TO_TOP_STEP_PX), { position: 450, done: false });
    assert.deepEqual(nextScrollStep(51, 50), { position: 1, done: false });
  });

  it('stops exactly at the top, never below it', () => {
    assert.deepEqual(nextScrollStep(50, 50), { position: 0, done: true });
    assert.deepEqual(nextScrollStep(30, 50), { position: 0, done: true });
    assert.deepEqual(nextScrollStep(0.5, 50), { position: 0, done: true });
  });

  it('is done at once when already at the top (or above it, as with overscroll)', () => {
    assert.deepEqual(nextScrollStep(0, 50), { position: 0, done: true });
    assert.deepEqual(nextScrollStep(-20, 50), { position: 0, done: true });
  });

  it('treats unusable input as a jump to the top instead of looping forever', () => {
    assert.deepEqual(nextScrollStep(Number.NaN, 50), { position: 0, done: true });
    assert.deepEqual(nextScrollStep(400, 0), { position: 0, done: true });
    assert.deepEqual(nextScrollStep(400, -50), { position: 0, done: true });
    assert.deepEqual(nextScrollStep(400, Number.POSITIVE_INFINITY), { position: 0, done: true });
  });

  it('keeps fractional positions (zoomed pages) and still arrives', () => {
    assert.deepEqual(nextScrollStep(120.5, 50), { position: 70.5, done: false });
  });
});

describe('stepsToTop', () => {
  it('counts the steps the loop takes', () => {
    for (const start of [0, 1, 49, 50, 51, 100, 1234.5]) {
      let steps = 0;
      let position = start;
      for (;;) {
        const step = nextScrollStep(position, JUMP_TO_TOP_STEP_PX);
        if (step.position === position) break;
        steps += 1;
        position = step.position;
        if (step.done) break;
      }
      assert.equal(stepsToTop(start, JUMP_TO_TOP_STEP_PX), steps, `from ${start}`);
    }
  });

  it('is 2000 / 50 = 40 steps (one second at 25 ms) from 2000 px down', () => {
    assert.equal(stepsToTop(2000, 50), 40);
  });

  it('is one step for an unusable step size and none for an unusable start', () => {
    assert.equal(stepsToTop(300, 0), 1);
    assert.equal(stepsToTop(Number.NaN, 50), 0);
  });
});
