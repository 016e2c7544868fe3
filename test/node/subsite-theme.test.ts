import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cssColour, isSubsiteSlug, subsiteClass, subsiteStylesheet } from '../../src/core/subsite-theme';

describe('subsiteClass', () => {
  it('names a subsite’s class from its slug', () => {
    assert.equal(subsiteClass('building-and-planning'), 'subsite-theme--building-and-planning');
  });
  it('refuses a slug that could break out of a class or a selector', () => {
    for (const slug of ['', 'Parks', 'a b', 'a--b', '-a', 'a-', 'a{}', 'a;b', 'x'.repeat(61), 'a\nb']) {
      assert.equal(isSubsiteSlug(slug), false, JSON.stringify(slug));
      assert.equal(subsiteClass(slug), undefined);
    }
  });
});

describe('cssColour', () => {
  it('writes opaque colours as #rrggbb and translucent ones as rgb() with alpha', () => {
    assert.equal(cssColour({ r: 0, g: 112, b: 60, a: 1 }), '#00703c');
    assert.equal(cssColour({ r: 255, g: 0, b: 0, a: 0.5 }), 'rgb(255 0 0 / 0.5)');
  });
});

describe('subsiteStylesheet', () => {
  it('gives each subsite’s class its colours, secondary colour and text colour', () => {
    const { css, problems } = subsiteStylesheet([
      { slug: 'building-and-planning', colour: '#00703C', secondaryColour: 'rgb(0, 90, 48)' },
      { slug: 'parks', colour: '#ffdd00' },
    ]);
    assert.deepEqual(problems, []);
    assert.equal(
      css,
      '.subsite-theme--building-and-planning {\n  --civic-colour: #00703c;\n  --civic-colour-contrast: #ffffff;\n  --civic-colour-secondary: #005a30;\n}\n' +
        '.subsite-theme--parks {\n  --civic-colour: #ffdd00;\n  --civic-colour-contrast: #000000;\n}\n',
    );
  });
  it('leaves out a subsite whose settings would write something other than a colour, and says why', () => {
    const { css, problems } = subsiteStylesheet([
      { slug: 'evil', colour: 'red; } body { display: none' },
      { slug: 'named', colour: 'green' },
      { slug: 'Bad Slug', colour: '#000' },
      { slug: 'ok', colour: '#123456', secondaryColour: '#12345; }' },
      { slug: 'ok', colour: '#654321' },
    ]);
    assert.equal(css, '.subsite-theme--ok {\n  --civic-colour: #123456;\n  --civic-colour-contrast: #ffffff;\n}\n');
    assert.equal(problems.length, 5);
    assert.match(problems[0], /"evil".*not a hex or rgb\(\) colour/);
    assert.match(problems[2], /"Bad Slug".*slug/);
    assert.match(problems[3], /"ok": secondary colour/);
    assert.match(problems[4], /"ok": listed twice/);
    assert.doesNotMatch(css, /display|body|green/);
  });
});
