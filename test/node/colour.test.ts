import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  BLACK,
  WHITE,
  bestTextColour,
  compositeOver,
  contrastRatio,
  parseColour,
  relativeLuminance,
  type Rgba,
} from '../../src/core/colour';

const rgb = (r: number, g: number, b: number, a = 1): Rgba => ({ r, g, b, a });
const close = (actual: number, expected: number, digits = 2) =>
  assert.ok(Math.abs(actual - expected) < 10 ** -digits, `${actual} is not close to ${expected}`);

describe('parseColour', () => {
  it('reads six-digit hex in any case', () => {
    assert.deepEqual(parseColour('#00703c'), rgb(0, 112, 60));
    assert.deepEqual(parseColour('#00703C'), rgb(0, 112, 60));
    assert.deepEqual(parseColour('  #ffffff '), rgb(255, 255, 255));
  });

  it('reads three-digit hex by doubling each digit', () => {
    assert.deepEqual(parseColour('#0a3'), rgb(0, 170, 51));
  });

  it('reads four- and eight-digit hex with alpha', () => {
    assert.deepEqual(parseColour('#00000080'), rgb(0, 0, 0, 128 / 255));
    assert.deepEqual(parseColour('#f008'), rgb(255, 0, 0, 136 / 255));
    assert.deepEqual(parseColour('#112233ff'), rgb(17, 34, 51));
  });

  it('rejects hex of other lengths or with other characters', () => {
    for (const bad of ['#12', '#12345', '#1234567', '#123456789', '#ggg', '00703c', '#']) {
      assert.equal(parseColour(bad), null, bad);
    }
  });

  it('reads rgb() and rgba() in the comma syntax', () => {
    assert.deepEqual(parseColour('rgb(0, 112, 60)'), rgb(0, 112, 60));
    assert.deepEqual(parseColour('rgba(0,112,60,0.5)'), rgb(0, 112, 60, 0.5));
    assert.deepEqual(parseColour('RGB(100%, 0%, 50%)'), rgb(255, 0, 127.5));
  });

  it('reads rgb() in the space syntax with an optional alpha after a slash', () => {
    assert.deepEqual(parseColour('rgb(0 112 60)'), rgb(0, 112, 60));
    assert.deepEqual(parseColour('rgb(0 112 60 / 25%)'), rgb(0, 112, 60, 0.25));
    assert.deepEqual(parseColour('rgba(0 112 60 / .5)'), rgb(0, 112, 60, 0.5));
  });

  it('clamps channels and alpha into range', () => {
    assert.deepEqual(parseColour('rgb(300, -20, 60, 2)'), rgb(255, 0, 60, 1));
  });

  it('rejects malformed rgb() and colours it does not parse', () => {
    for (const bad of [
      'rgb(0, 112)',
      'rgb(0 112 60 70)',
      'rgb(0, 50%, 60)',
      'rgb(a, b, c)',
      'rgb(0 112 60 /)',
      'rgb(1 2 3 / 4 / 5)',
      'green',
      'hsl(0 0% 0%)',
      '',
    ]) {
      assert.equal(parseColour(bad), null, bad);
    }
  });
});

describe('relativeLuminance', () => {
  it('is 0 for black and 1 for white', () => {
    assert.equal(relativeLuminance(rgb(0, 0, 0)), 0);
    close(relativeLuminance(rgb(255, 255, 255)), 1, 9);
  });

  it('weights green most and blue least, as WCAG does', () => {
    close(relativeLuminance(rgb(255, 0, 0)), 0.2126, 4);
    close(relativeLuminance(rgb(0, 255, 0)), 0.7152, 4);
    close(relativeLuminance(rgb(0, 0, 255)), 0.0722, 4);
  });

  it('uses the linear segment for very dark channels', () => {
    close(relativeLuminance(rgb(10, 10, 10)), 10 / 255 / 12.92, 9);
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself, in either order', () => {
    close(contrastRatio(rgb(0, 0, 0), rgb(255, 255, 255)), 21);
    close(contrastRatio(rgb(255, 255, 255), rgb(0, 0, 0)), 21);
    assert.equal(contrastRatio(rgb(0, 112, 60), rgb(0, 112, 60)), 1);
  });

  it('matches published figures', () => {
    // GOV.UK blue #1d70b8 on white: 5.17:1; #767676 on white: the classic 4.54:1.
    close(contrastRatio(parseColour('#1d70b8')!, rgb(255, 255, 255)), 5.17);
    close(contrastRatio(parseColour('#767676')!, rgb(255, 255, 255)), 4.54);
  });
});

describe('compositeOver', () => {
  it('shows a translucent colour over white by default', () => {
    assert.deepEqual(compositeOver(rgb(0, 0, 0, 0.5)), rgb(127.5, 127.5, 127.5));
  });

  it('leaves opaque colours as they are', () => {
    assert.deepEqual(compositeOver(rgb(0, 112, 60), rgb(0, 0, 0)), rgb(0, 112, 60));
  });
});

describe('bestTextColour', () => {
  it('picks white on dark colours', () => {
    for (const dark of ['#00703c', '#005a30', '#1d70b8', '#0b0c0c', '#d4351c', '#4c2c92']) {
      assert.equal(bestTextColour(parseColour(dark)!), WHITE, dark);
    }
  });

  it('picks black on light colours', () => {
    for (const light of ['#ffdd00', '#ffffff', '#85994b', '#f47738', '#28a197']) {
      assert.equal(bestTextColour(parseColour(light)!), BLACK, light);
    }
  });

  it('always picks the colour with the higher contrast ratio', () => {
    for (let grey = 0; grey <= 255; grey += 1) {
      const background = rgb(grey, grey, grey);
      const pick = bestTextColour(background);
      const other = pick === WHITE ? BLACK : WHITE;
      assert.ok(contrastRatio(background, parseColour(pick)!) >= contrastRatio(background, parseColour(other)!), `grey ${grey}`);
    }
  });

  it('judges a translucent colour as it shows over white', () => {
    assert.equal(bestTextColour(rgb(0, 0, 0, 1)), WHITE);
    assert.equal(bestTextColour(rgb(0, 0, 0, 0.1)), BLACK);
  });
});
