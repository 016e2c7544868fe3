import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import '../../elements/decision-tree';
import { DECISION_TREE_SCROLL_OFFSET_PX } from '../../src/core/constants';
import { capturingConsole, effectsSettled, expectFocused, loadStyles, upgraded } from './helpers';

const ACTION = '/decision-trees/test-tree';

const question = (name: string, title: string, options: Array<[string, string]>, earlier: Array<[string, string]> = []) => html`
  <div class="decision-tree__step" id=${`step-${name}`}>
    <form action=${ACTION} method="post">
      ${earlier.map(([n, v]) => html`<input type="hidden" name=${n} value=${v} />`)}
      <fieldset class="decision-tree__fieldset">
        <legend class="decision-tree__legend"><h2 class="decision-tree__question">${title}</h2></legend>
        <div class="decision-tree__options">
          ${options.map(
            ([value, label]) =>
              html`<div class="decision-tree__option">
                <input type="radio" id=${`${name}-${value}`} name=${name} value=${value} required /><label for=${`${name}-${value}`}
                  >${label}</label
                >
              </div>`,
          )}
        </div>
      </fieldset>
      <button class="decision-tree__button" type="submit">Continue</button>
    </form>
  </div>
`;

const workStep = question('work', 'What are you building?', [
  ['deck', 'A deck'],
  ['shed', 'A garden shed'],
]);

/** The markup of the next step, as the server sends it in `html`. */
const heightStepHtml = `<div class="decision-tree__step" id="step-height"><form action="${ACTION}" method="post">
  <input type="hidden" name="work" value="deck">
  <fieldset class="decision-tree__fieldset"><legend class="decision-tree__legend"><h2 class="decision-tree__question">How high is the deck?</h2></legend>
  <div class="decision-tree__options">
    <div class="decision-tree__option"><input type="radio" id="height-low" name="height" value="low" required><label for="height-low">1.5 metres or lower</label></div>
    <div class="decision-tree__option"><input type="radio" id="height-high" name="height" value="high" required><label for="height-high">Higher than 1.5 metres</label></div>
  </div></fieldset>
  <button class="decision-tree__button" type="submit">Continue</button></form></div>`;
const sizeStepHtml = `<div class="decision-tree__step" id="step-size"><form action="${ACTION}" method="post"><input type="hidden" name="work" value="shed">
  <fieldset><legend><h2>How big is the shed?</h2></legend>
  <input type="radio" id="size-small" name="size" value="small" required><label for="size-small">Small</label></fieldset>
  <button type="submit">Continue</button></form></div>`;
const outcomeHtml = `<div class="decision-tree__step decision-tree__outcome" id="outcome"><h2>You need a building consent</h2><p>Apply before you start.</p></div>`;

const tree = (steps = workStep) => html`
  <decision-tree>
    <div data-steps>${steps}</div>
    <p class="decision-tree__restart"><a href=${ACTION} data-restart>Start again</a></p>
  </decision-tree>
`;

interface FetchCall {
  url: string;
  init: RequestInit;
}

const originalFetch = window.fetch;
const startUrl = location.href;

/** Answers each fetch from a queue of responses (or a function of the call). */
function stubFetch(...answers: Array<Response | ((call: FetchCall) => Response | Promise<Response>)>): FetchCall[] {
  const calls: FetchCall[] = [];
  window.fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { url: String(input), init };
    calls.push(call);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected fetch of ${call.url}`);
    return typeof answer === 'function' ? answer(call) : answer;
  };
  return calls;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const stepsOf = (el: HTMLElement) => Array.from(el.querySelector('[data-steps]')!.children) as HTMLElement[];
const radio = (el: HTMLElement, id: string) => el.querySelector<HTMLInputElement>(`#${id}`)!;
const continueIn = (step: Element) => step.querySelector<HTMLButtonElement>('button[type="submit"]')!;
const upgradedTree = (steps = workStep) => upgraded<HTMLElement>(tree(steps), (e) => !!e.querySelector('.decision-tree [data-steps]'));

/** Chooses an option and presses Continue with the mouse, then waits for the next step to replace what followed. */
async function answer(el: HTMLElement, optionId: string, expectedSteps: number) {
  radio(el, optionId).click();
  continueIn(radio(el, optionId).closest('.decision-tree__step')!).click();
  await waitUntil(() => stepsOf(el).length === expectedSteps && document.activeElement?.localName === 'h2', 'the next step did not show');
}

describe('<decision-tree>', () => {
  before(async () => {
    await loadStyles('decision-tree');
    await setViewport({ width: 900, height: 700 });
  });
  beforeEach(async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
  });
  afterEach(async () => {
    window.fetch = originalFetch;
    history.replaceState(null, '', startUrl);
    window.scrollTo({ top: 0, behavior: 'instant' });
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('keeps the server steps and the restart link once, where they were', async () => {
    const el = await upgradedTree();
    expect(stepsOf(el)).to.have.length(1);
    expect(el.querySelectorAll('form')).to.have.length(1);
    expect(el.querySelectorAll('input[type="radio"]')).to.have.length(2);
    expect(el.querySelectorAll('a[data-restart]')).to.have.length(1);
    expect(el.textContent?.match(/What are you building\?/g)).to.have.length(1);
  });

  it('posts the step form with fetch (its action, method and fields, asking for JSON) and shows the next step', async () => {
    const el = await upgradedTree();
    const calls = stubFetch(json({ html: heightStepHtml, nexturl: `${ACTION}?work=deck#step-height` }));
    const steps: Array<string | null> = [];
    el.addEventListener('decision-tree-step', (e) => steps.push(e.detail.nexturl));
    await answer(el, 'work-deck', 2);

    expect(calls).to.have.length(1);
    expect(new URL(calls[0].url).pathname).to.equal(ACTION);
    expect(calls[0].init.method).to.equal('POST');
    expect(String(calls[0].init.body)).to.equal('work=deck');
    expect(new Headers(calls[0].init.headers).get('Accept')).to.equal('application/json');

    const next = stepsOf(el)[1];
    expect(next.id).to.equal('step-height');
    expectFocused(next.querySelector('h2'));
    expect(next.querySelector('h2')!.getAttribute('tabindex')).to.equal('-1');
    expect(location.pathname + location.search + location.hash).to.equal(`${ACTION}?work=deck#step-height`);
    expect(steps).to.deep.equal([new URL(`${ACTION}?work=deck#step-height`, location.href).href]);
  });

  it('has no axe violations at its first step and with a step answered in the page', async () => {
    const el = await upgradedTree();
    await expect(el).to.be.accessible();
    stubFetch(json({ html: heightStepHtml, nexturl: `${ACTION}?work=deck` }));
    await answer(el, 'work-deck', 2);
    await expect(el).to.be.accessible();
  });

  it('answers from the keyboard alone: arrows choose, Enter on Continue submits', async () => {
    const el = await upgradedTree();
    stubFetch(json({ html: sizeStepHtml, nexturl: `${ACTION}?work=shed` }));
    radio(el, 'work-deck').focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(radio(el, 'work-shed').checked).to.be.true;
    await sendKeys({ press: 'Tab' });
    expectFocused(continueIn(stepsOf(el)[0]));
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => stepsOf(el).length === 2, 'the next step did not show');
    expectFocused(stepsOf(el)[1].querySelector('h2'));
    // Focus is in the new step: Tab reaches its first option.
    await sendKeys({ press: 'Tab' });
    expectFocused(radio(el, 'size-small'));
  });

  it('scrolls the new step to 150 px below the top of the window', async () => {
    const el = await upgraded<HTMLElement>(
      html`<div>
        <div style="height: 1500px">Introduction</div>
        ${tree()}
        <div style="height: 2000px"></div>
      </div>`,
      (e) => !!e.querySelector('.decision-tree [data-steps]'),
    );
    stubFetch(json({ html: heightStepHtml, nexturl: `${ACTION}?work=deck` }));
    await answer(el, 'work-deck', 2);
    const next = stepsOf(el)[1];
    await waitUntil(() => Math.abs(next.getBoundingClientRect().top - DECISION_TREE_SCROLL_OFFSET_PX) < 2, 'not scrolled to the offset');
  });

  it('animates the scroll when motion is welcome, arriving at the same place', async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    const el = await upgraded<HTMLElement>(
      html`<div>
        <div style="height: 1500px">Introduction</div>
        ${tree()}
        <div style="height: 2000px"></div>
      </div>`,
      (e) => !!e.querySelector('.decision-tree [data-steps]'),
    );
    stubFetch(json({ html: heightStepHtml, nexturl: `${ACTION}?work=deck` }));
    const positions: number[] = [];
    const record = () => positions.push(window.scrollY);
    window.addEventListener('scroll', record);
    await answer(el, 'work-deck', 2);
    const next = stepsOf(el)[1];
    await waitUntil(() => Math.abs(next.getBoundingClientRect().top - DECISION_TREE_SCROLL_OFFSET_PX) < 2, 'not scrolled to the offset', {
      timeout: 3000,
    });
    window.removeEventListener('scroll', record);
    expect(new Set(positions.map(Math.round)).size, 'scrolled in several steps').to.be.greaterThan(2);
  });

  it('replaces everything after a step when an earlier step is answered again', async () => {
    const el = await upgradedTree();
    stubFetch(
      json({ html: heightStepHtml, nexturl: `${ACTION}?work=deck` }),
      json({ html: outcomeHtml, nexturl: `${ACTION}?work=deck&height=high` }),
      json({ html: sizeStepHtml, nexturl: `${ACTION}?work=shed` }),
    );
    await answer(el, 'work-deck', 2);
    await answer(el, 'height-high', 3);
    expect(stepsOf(el).map((s) => s.id)).to.deep.equal(['step-work', 'step-height', 'outcome']);
    await answer(el, 'work-shed', 2);
    expect(stepsOf(el).map((s) => s.id)).to.deep.equal(['step-work', 'step-size']);
    expect(el.querySelector('#outcome')).to.be.null;
  });

  it('sanitises the next step: no script, no style, no event handler attributes', async () => {
    const el = await upgradedTree();
    (window as unknown as Record<string, unknown>).__treeRan = false;
    stubFetch(
      json({
        html: `<div class="decision-tree__step" id="bad"><h2 onclick="window.__treeRan = true">Next</h2><script>window.__treeRan = true</script>
          <style>body { display: none }</style><p style="color: red">Text</p><img src="x" onerror="window.__treeRan = true"><a href="javascript:window.__treeRan = true">link</a></div>`,
        nexturl: `${ACTION}?work=deck`,
      }),
    );
    await answer(el, 'work-deck', 2);
    const step = el.querySelector('#bad')!;
    expect(step.querySelector('script, style')).to.be.null;
    expect(step.querySelector('[onclick], [onerror], [style]')).to.be.null;
    expect(step.querySelector('a')!.hasAttribute('href')).to.be.false;
    step.querySelector('h2')!.click();
    await effectsSettled();
    expect((window as unknown as Record<string, unknown>).__treeRan).to.be.false;
  });

  it('goes back and forward between answered steps with the browser history', async () => {
    const el = await upgradedTree();
    stubFetch(
      json({ html: heightStepHtml, nexturl: `${ACTION}?work=deck` }),
      json({ html: outcomeHtml, nexturl: `${ACTION}?work=deck&height=high` }),
    );
    await answer(el, 'work-deck', 2);
    await answer(el, 'height-high', 3);

    history.back();
    await waitUntil(() => stepsOf(el).length === 2, 'back did not restore the earlier step');
    expect(location.search).to.equal('?work=deck');
    expect(radio(el, 'work-deck').checked, 'the earlier answer is kept').to.be.true;
    expect(radio(el, 'height-high').checked, 'the step shows as it was first shown').to.be.false;
    // The step is revealed once the browser has settled focus after popstate, a task after the steps are restored;
    // expectFocused then says where focus is if it never came.
    const heading = stepsOf(el)[1].querySelector('h2');
    await waitUntil(() => document.activeElement === heading, '', { timeout: 3000 }).catch(() => undefined);
    expectFocused(heading);

    history.back();
    await waitUntil(() => stepsOf(el).length === 1, 'back did not restore the first step');

    history.forward();
    await waitUntil(() => stepsOf(el).length === 2, 'forward did not restore the second step');
    history.forward();
    await waitUntil(() => stepsOf(el).length === 3 && !!el.querySelector('#outcome'), 'forward did not restore the outcome');
    expect(el.textContent?.match(/You need a building consent/g)).to.have.length(1);
  });

  it('restarts from the first step: answers cleared, address pushed, history kept', async () => {
    const el = await upgradedTree();
    stubFetch(json({ html: outcomeHtml, nexturl: `${ACTION}?work=deck` }));
    await answer(el, 'work-deck', 2);
    const restarts: string[] = [];
    el.addEventListener('decision-tree-restart', (e) => restarts.push(e.detail.url));
    el.querySelector<HTMLAnchorElement>('a[data-restart]')!.click();
    await waitUntil(() => stepsOf(el).length === 1);
    expect(radio(el, 'work-deck').checked).to.be.false;
    expect(location.pathname + location.search).to.equal(ACTION);
    expectFocused(stepsOf(el)[0].querySelector('h2'));
    expect(restarts).to.deep.equal([new URL(ACTION, location.href).href]);
    history.back();
    await waitUntil(() => stepsOf(el).length === 2 && !!el.querySelector('#outcome'), 'back did not return to the outcome');
  });

  it('restarts from the keyboard (Enter on the link)', async () => {
    const el = await upgradedTree();
    stubFetch(json({ html: outcomeHtml, nexturl: `${ACTION}?work=deck` }));
    await answer(el, 'work-deck', 2);
    el.querySelector<HTMLAnchorElement>('a[data-restart]')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => stepsOf(el).length === 1);
    expectFocused(stepsOf(el)[0].querySelector('h2'));
  });

  it("shows a failed step's body sanitised in the next-step area, never running it, and can try again", async () => {
    const el = await upgradedTree();
    (window as unknown as Record<string, unknown>).__treeRan = false;
    const failure = new Response(
      '<!doctype html><html><head><title>Error</title></head><body><main id="main-content"><h1>Service unavailable</h1><script>window.__treeRan = true</script>' +
        '<img src="x" onerror="window.__treeRan = true"><p>Try again in a few minutes.</p><form action="/elsewhere"><input name="q"></form></main></body></html>',
      { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
    );
    const calls = stubFetch(failure, json({ html: heightStepHtml, nexturl: `${ACTION}?work=deck` }));
    radio(el, 'work-deck').click();
    continueIn(stepsOf(el)[0]).click();
    await waitUntil(() => !!el.querySelector('[data-failure]'), 'no failure shown');

    const block = el.querySelector<HTMLElement>('[data-failure]')!;
    expect(stepsOf(el)[1]).to.equal(block);
    expect(block.querySelector('[role="alert"]')!.textContent).to.contain('Sorry, there is a problem');
    expect(block.textContent).to.contain('Service unavailable');
    expect(block.textContent).to.contain('Try again in a few minutes.');
    expect(block.querySelector('script, [onerror]')).to.be.null;
    // A failure's body is text and structure only: no images, forms, landmarks or ids to clash with the page's.
    expect(block.querySelector('.decision-tree__failure-body :is(img, form, input, main, [id])')).to.be.null;
    await effectsSettled();
    expect((window as unknown as Record<string, unknown>).__treeRan).to.be.false;
    expectFocused(block.querySelector('h2'));
    expect(location.href, 'the address stays').to.equal(startUrl);

    // Try again: the same form is sent again and the next step replaces the failure.
    const tryAgain = block.querySelector<HTMLButtonElement>('.decision-tree__try-again')!;
    tryAgain.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !!el.querySelector('#step-height'), 'trying again did not show the step');
    expect(el.querySelector('[data-failure]')).to.be.null;
    expect(calls.map((c) => String(c.init.body))).to.deep.equal(['work=deck', 'work=deck']);
  });

  it('shows a text body as text, and a network failure with the message alone', async () => {
    const el = await upgradedTree();
    stubFetch(new Response('<b>Bad gateway</b>', { status: 502, headers: { 'Content-Type': 'text/plain' } }), () => {
      throw new TypeError('Failed to fetch');
    });
    radio(el, 'work-deck').click();
    const warnings = await capturingConsole('warn', async () => {
      continueIn(stepsOf(el)[0]).click();
      await waitUntil(() => !!el.querySelector('[data-failure]'));
    });
    expect(warnings.join()).to.contain('502');
    const body = el.querySelector('.decision-tree__failure-body')!;
    expect(body.textContent).to.equal('<b>Bad gateway</b>');
    expect(body.querySelector('b')).to.be.null;

    el.querySelector<HTMLButtonElement>('.decision-tree__try-again')!.click();
    await waitUntil(() => !el.querySelector('.decision-tree__failure-body') && !!el.querySelector('[data-failure]'), 'no second failure');
    expect(el.querySelector('[data-failure]')!.textContent).to.contain('Sorry, there is a problem');
  });

  it('treats a 200 answer that is not {html, nexturl} as a failure, showing what came', async () => {
    const el = await upgradedTree();
    stubFetch(new Response('{"message":"maintenance"}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    radio(el, 'work-deck').click();
    await capturingConsole('warn', async () => {
      continueIn(stepsOf(el)[0]).click();
      await waitUntil(() => !!el.querySelector('[data-failure]'));
    });
    expect(el.querySelector('.decision-tree__failure-body')!.textContent).to.equal('{"message":"maintenance"}');
  });

  it('shows the step but leaves the address alone when nexturl is on another site', async () => {
    const el = await upgradedTree();
    stubFetch(json({ html: outcomeHtml, nexturl: 'https://elsewhere.example/phish' }));
    const warnings = await capturingConsole('warn', () => answer(el, 'work-deck', 2));
    expect(location.href).to.equal(startUrl);
    expect(warnings.join()).to.contain('not an address on this site');
  });

  it('leaves a form posting to another site to the browser', async () => {
    const el = await upgradedTree();
    stepsOf(el)[0].querySelector('form')!.setAttribute('action', 'https://elsewhere.example/answer');
    const calls = stubFetch();
    let prevented: boolean | undefined;
    const catchNavigation = (event: Event) => {
      prevented = event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('submit', catchNavigation);
    radio(el, 'work-deck').click();
    continueIn(stepsOf(el)[0]).click();
    document.removeEventListener('submit', catchNavigation);
    expect(prevented).to.be.false;
    expect(calls).to.have.length(0);
  });

  it('takes its messages from the i18n attribute', async () => {
    const el = await upgraded<HTMLElement>(
      html`<decision-tree i18n='{"failureTitle":"Aroha mai, he raruraru","tryAgain":"Whakamātauria anō"}'>
        <div data-steps>${workStep}</div>
      </decision-tree>`,
      (e) => !!e.querySelector('.decision-tree'),
    );
    stubFetch(new Response('', { status: 503 }));
    radio(el, 'work-deck').click();
    await capturingConsole('warn', async () => {
      continueIn(stepsOf(el)[0]).click();
      await waitUntil(() => !!el.querySelector('[data-failure]'));
    });
    expect(el.querySelector('[data-failure] h2')!.textContent).to.equal('Aroha mai, he raruraru');
    expect(el.querySelector('.decision-tree__try-again')!.textContent).to.equal('Whakamātauria anō');
  });

  it('survives being moved in the page with its steps as they are', async () => {
    const el = await upgradedTree();
    stubFetch(json({ html: heightStepHtml, nexturl: `${ACTION}?work=deck` }));
    await answer(el, 'work-deck', 2);
    const elsewhere = document.createElement('div');
    document.body.append(elsewhere);
    elsewhere.append(el);
    await effectsSettled();
    await waitUntil(() => stepsOf(el).length === 2 && el.querySelectorAll('.decision-tree').length === 1);
    expect(el.textContent?.match(/How high is the deck\?/g)).to.have.length(1);
    elsewhere.remove();
  });

  it('says what is missing when there is no [data-steps] element, and changes nothing', async () => {
    let el!: HTMLElement;
    const warnings = await capturingConsole('warn', async () => {
      el = await fixture<HTMLElement>(html`<decision-tree>${workStep}</decision-tree>`);
      await waitUntil(() => !!el.querySelector('.decision-tree'));
    });
    expect(warnings.join()).to.contain('[data-steps]');
    expect(el.querySelectorAll('form')).to.have.length(1);
  });

  it('reads as plain forms and a restart link before it upgrades', async () => {
    const el = await fixture<HTMLElement>(html`
      <decision-tree-not-defined>
        <div data-steps>${workStep}</div>
        <p><a href=${ACTION} data-restart>Start again</a></p>
      </decision-tree-not-defined>
    `);
    const form = el.querySelector('form')!;
    expect(form.getAttribute('action')).to.equal(ACTION);
    expect(form.getAttribute('method')).to.equal('post');
    expect(form.querySelector('legend h2')!.textContent).to.equal('What are you building?');
    expect(continueIn(form).offsetHeight).to.be.greaterThan(0);
    expect(el.querySelector('a')!.getAttribute('href')).to.equal(ACTION);
  });
});
