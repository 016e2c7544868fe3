import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decisionTreeRoutes } from '../../examples/site/decision-trees/routes';
import { buildingConsentTree, decisionTrees } from '../../examples/site/decision-trees/trees';
import { treeProblems, walkTree, walkUrl } from '../../examples/site/decision-trees/walk-tree';
import type { DecisionTreeData } from '../../examples/site/decision-trees/tree-types';
import { parseStepResponse } from '../../src/core/decision-tree';

const app = decisionTreeRoutes();
const ORIGIN = 'http://localhost';
const TREE = '/decision-trees/building-consent';
const JSON_ACCEPT = { Accept: 'application/json' };
const BROWSER_ACCEPT = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

function post(path: string, fields: Record<string, string>, headers: Record<string, string>) {
  return app.request(path, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  });
}

async function stepAnswer(fields: Record<string, string>) {
  const response = await post(TREE, fields, JSON_ACCEPT);
  assert.equal(response.status, 200);
  assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  const parsed = parseStepResponse(await response.json());
  assert.ok(parsed.ok, 'the answer is a {html, nexturl} step response');
  return parsed.response;
}

/** Every sequence of answers from the start of a tree: each must end at an outcome. */
function everyPath(tree: DecisionTreeData): Array<Map<string, string>> {
  const paths: Array<Map<string, string>> = [];
  const walk = (answers: Map<string, string>) => {
    const { current } = walkTree(tree, answers);
    if (current.kind === 'outcome') {
      paths.push(answers);
      return;
    }
    for (const option of current.options) walk(new Map([...answers, [current.id, option.value]]));
  };
  walk(new Map());
  return paths;
}

describe('decision trees as data', () => {
  for (const tree of decisionTrees) {
    it(`${tree.title}: every option leads somewhere, every step can be reached, every path ends at an outcome`, () => {
      assert.deepEqual(treeProblems(tree), []);
      const paths = everyPath(tree);
      assert.ok(paths.length >= 5, `${paths.length} paths`);
      const outcomes = new Set(paths.map((answers) => walkTree(tree, answers).current.id));
      const allOutcomes = Object.values(tree.nodes).filter((node) => node.kind === 'outcome');
      assert.equal(outcomes.size, allOutcomes.length, 'every outcome can be reached');
    });
  }

  it('ignores answers that are not on the path or not an option', () => {
    const walk = walkTree(buildingConsentTree, new URLSearchParams('work-type=deck&shed-size=up-to-10&deck-height=sideways'));
    assert.deepEqual(
      walk.answered.map((step) => step.question.id),
      ['work-type'],
    );
    assert.equal(walk.current.id, 'deck-height');
    assert.equal(walkUrl(buildingConsentTree, walk), `${TREE}?work-type=deck#step-deck-height`);
  });
});

describe('GET /decision-trees/:slug', () => {
  it('starts with the first question, its form posting to the tree, and a restart link', async () => {
    const response = await app.request(TREE);
    assert.equal(response.status, 200);
    const page = await response.text();
    assert.match(page, /<link rel="modulepreload" href="\/dist\/classes\/decision-tree\.js"/);
    assert.match(
      page,
      /<decision-tree id="tree-building-consent"><div data-steps="true"><div class="decision-tree__step" id="step-work-type">/,
    );
    assert.match(page, /<form action="\/decision-trees\/building-consent" method="post">/);
    assert.match(
      page,
      /<legend class="decision-tree__legend"><h2 class="decision-tree__question">What building work are you planning\?<\/h2><\/legend>/,
    );
    assert.match(page, /<a href="\/decision-trees\/building-consent" data-restart="true">Start again<\/a>/);
    assert.equal(page.match(/class="decision-tree__step"/g)?.length, 1);
  });

  it('mid-way shows the answered steps (answers chosen, changeable) and the current question carrying them', async () => {
    const page = await (await app.request(`${TREE}?work-type=shed&shed-size=up-to-30`)).text();
    assert.match(page, /<input type="radio" id="work-type-2" name="work-type" value="shed" checked=""/);
    assert.match(page, /<input type="radio" id="shed-size-2" name="shed-size" value="up-to-30" checked=""/);
    const current = page.slice(page.indexOf('id="step-shed-builder"'));
    assert.match(current, /<input type="hidden" name="work-type" value="shed"\/><input type="hidden" name="shed-size" value="up-to-30"\/>/);
    assert.doesNotMatch(current.slice(0, current.indexOf('</form>')), /checked/);
  });

  it('shows the outcome at the end of a path', async () => {
    const page = await (await app.request(`${TREE}?work-type=deck&deck-height=high`)).text();
    assert.match(
      page,
      /<div class="decision-tree__step decision-tree__outcome" id="step-consent-needed"><h2>You need a building consent<\/h2>/,
    );
  });

  it('never echoes markup from the address', async () => {
    const page = await (await app.request(`${TREE}?work-type=%3Cscript%3Ealert(1)%3C/script%3E`)).text();
    assert.doesNotMatch(page, /<script>alert/);
  });

  it('answers 404 for a tree that does not exist', async () => {
    assert.equal((await app.request('/decision-trees/nope')).status, 404);
  });
});

describe('POST /decision-trees/:slug', () => {
  it('answers the element with the next question and the address of the answers so far', async () => {
    const step = await stepAnswer({ question: 'work-type', 'work-type': 'deck' });
    assert.equal(step.nexturl, `${TREE}?work-type=deck#step-deck-height`);
    assert.match(
      step.html,
      /^<div class="decision-tree__step" id="step-deck-height"><form action="\/decision-trees\/building-consent" method="post">/,
    );
    assert.match(step.html, /<input type="hidden" name="work-type" value="deck"\/>/);
    assert.equal(step.html.match(/class="decision-tree__step"/g)?.length, 1, 'only the next step');
  });

  it('answers an outcome at the end of a path', async () => {
    const step = await stepAnswer({ 'work-type': 'wood-burner', question: 'work-type' });
    assert.match(step.html, /<h2>You need a building consent for a wood burner<\/h2>/);
    assert.equal(step.nexturl, `${TREE}?work-type=wood-burner#step-consent-needed-burner`);
  });

  it('drops the later answers when an earlier question is answered again', async () => {
    // The first step's form carries no earlier answers: answering it again starts the path afresh.
    const step = await stepAnswer({ question: 'work-type', 'work-type': 'retaining-wall' });
    assert.equal(step.nexturl, `${TREE}?work-type=retaining-wall#step-wall-height`);
  });

  it("redirects a post without JavaScript to the next step's page (303)", async () => {
    const response = await post(TREE, { 'work-type': 'deck', question: 'deck-height', 'deck-height': 'low' }, BROWSER_ACCEPT);
    assert.equal(response.status, 303);
    assert.equal(response.headers.get('location'), `${TREE}?work-type=deck&deck-height=low#step-no-consent-deck`);
  });

  it('shows a question sent without an answer again with the error, without JavaScript (422)', async () => {
    const response = await post(TREE, { 'work-type': 'deck', question: 'deck-height' }, BROWSER_ACCEPT);
    assert.equal(response.status, 422);
    const page = await response.text();
    assert.match(page, /<title>Error: Do I need a building consent\?/);
    assert.match(page, /<a href="#deck-height">Select how high the deck will be<\/a>/);
    assert.match(
      page,
      /<p class="decision-tree__error" id="deck-height-error"><span class="civic-visually-hidden">Error:<\/span> Select how high the deck will be<\/p>/,
    );
    assert.match(page, /aria-describedby="deck-height-hint deck-height-error"/);
    assert.match(page, /value="deck" checked=""/, 'the earlier answer is kept');
  });

  it('tells the element about a question sent without an answer (422, a message it shows)', async () => {
    const response = await post(TREE, { question: 'work-type', 'work-type': 'spaceship' }, JSON_ACCEPT);
    assert.equal(response.status, 422);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    assert.equal(await response.text(), '<p>Select the building work you are planning, then press Continue.</p>');
  });

  it('refuses posts from other sites (403), whatever the body claims to be', async () => {
    const response = await post(TREE, { question: 'work-type', 'work-type': 'deck' }, { ...JSON_ACCEPT, Origin: 'https://evil.example' });
    assert.equal(response.status, 403);
    const disguised = await post(
      TREE,
      { question: 'work-type', 'work-type': 'deck' },
      { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'text/plain' },
    );
    assert.equal(disguised.status, 403);
  });

  it('stops one client posting steps in a loop (429 with Retry-After)', async () => {
    const limited = decisionTreeRoutes({ rateLimit: { windowMs: 60_000, limit: 2 } });
    const send = () =>
      limited.request(TREE, {
        method: 'POST',
        body: new URLSearchParams({ question: 'work-type', 'work-type': 'deck' }),
        headers: { Origin: ORIGIN, 'Content-Type': 'application/x-www-form-urlencoded', ...JSON_ACCEPT },
      });
    assert.equal((await send()).status, 200);
    assert.equal((await send()).status, 200);
    const refused = await send();
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
  });

  it('refuses a body far too big for a few answers (413)', async () => {
    const response = await post(TREE, { question: 'work-type', 'work-type': 'x'.repeat(20_000) }, JSON_ACCEPT);
    assert.equal(response.status, 413);
  });
});
