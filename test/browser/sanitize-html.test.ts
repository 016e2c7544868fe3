import { expect } from '@open-wc/testing';
import { sanitizeHtml } from '../../src/components/shared/sanitize-html';
import { fetchFragment, fragmentNodes } from '../../src/components/filters/fragment';

/** Sanitised nodes in a container of this page, to query as the visitor's page would hold them. */
async function placed(nodes: Promise<Node[]>): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.append(...(await nodes));
  return container;
}

const ran = () => (window as unknown as Record<string, unknown>).__sanitizeRan;
const HOSTILE =
  '<script>window.__sanitizeRan = true</script><img src="data:,x" onerror="window.__sanitizeRan = true">' +
  '<a href="javascript:window.__sanitizeRan = true">link</a><iframe src="https://elsewhere.example"></iframe>' +
  '<p style="color: red" onclick="window.__sanitizeRan = true">Text</p><style>body { display: none }</style>' +
  '<svg><script>window.__sanitizeRan = true</script></svg><math><mi><mglyph><style><img src="data:,x" onerror="window.__sanitizeRan = true"></style></mglyph></mi></math>';

function expectHarmless(container: HTMLElement) {
  expect(container.querySelector('script, iframe, style, [onerror], [onclick], [style]')).to.be.null;
  expect(container.querySelector('a')?.hasAttribute('href')).to.equal(false);
  expect(container.textContent).to.contain('Text');
}

describe('the shared sanitiser', () => {
  beforeEach(() => ((window as unknown as Record<string, unknown>).__sanitizeRan = false));

  it('removes scripts, handlers, styles and frames in every profile', async () => {
    for (const profile of ['step', 'fragment', 'message'] as const) {
      expectHarmless(await placed(sanitizeHtml(HOSTILE, profile)));
    }
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(ran()).to.equal(false);
  });

  it("keeps a step's forms posting to this site, and takes away an action that posts to another", async () => {
    const container = await placed(
      sanitizeHtml(
        '<form id="here" action="/decision-trees/x" method="post"><button>Continue</button></form>' +
          `<form id="absolute" action="${location.origin}/decision-trees/x"><button>Continue</button></form>` +
          '<form id="away" action="https://elsewhere.example/collect" method="post"><input name="q"><button>Continue</button></form>' +
          '<form id="protocol-relative" action="//elsewhere.example/collect"><button>Continue</button></form>' +
          '<form id="script" action="javascript:alert(1)"><button>Continue</button></form>',
        'step',
      ),
    );
    expect(container.querySelector('#here')!.getAttribute('action')).to.equal('/decision-trees/x');
    expect(container.querySelector('#absolute')!.getAttribute('action')).to.equal(`${location.origin}/decision-trees/x`);
    for (const id of ['away', 'protocol-relative', 'script']) {
      const form = container.querySelector<HTMLFormElement>(`#${id}`)!;
      expect(form.hasAttribute('action'), id).to.equal(false);
      // Without an action a form posts to the page it is on: this site.
      expect(new URL(form.action).origin, id).to.equal(location.origin);
    }
    expect(container.querySelector('#away input[name="q"]')).to.exist;
  });

  it('never lets a button send its form elsewhere (formaction)', async () => {
    const container = await placed(
      sanitizeHtml('<form action="/x"><button formaction="https://elsewhere.example/collect">Send</button></form>', 'step'),
    );
    const button = container.querySelector('button')!;
    expect(button.formAction === '' || new URL(button.formAction).origin === location.origin).to.equal(true);
  });

  it('keeps what a listing fragment needs: forms, fields and their state, ids, data and ARIA attributes', async () => {
    const container = await placed(
      fragmentNodes(
        '<!doctype html><html><body><div id="documents-results" data-results data-results-count="2">' +
          '<p role="status" aria-live="polite" id="count">2 documents</p>' +
          '<form class="filters__sort" action="/documents/sort" method="get"><label for="documents-sort">Sort by</label>' +
          '<select id="documents-sort" name="url" data-sort-select><option value="/documents?sort=title" selected>Title</option></select></form>' +
          '<fieldset><input type="checkbox" id="s1" name="subtopic" value="Pest control" checked aria-describedby="count"><label for="s1">Pest control</label></fieldset>' +
          '<ul><li><a href="/documents/annual-report" hidden>Annual report</a><time datetime="2026-01-01">1 January 2026</time></li></ul>' +
          '<nav aria-label="Pages"><a href="/documents?page=2" aria-current="page">2</a></nav>' +
          '</div></body></html>',
        '[data-results]',
      ),
    );
    expect(container.querySelector('form')!.getAttribute('action')).to.equal('/documents/sort');
    expect(container.querySelector<HTMLOptionElement>('option')!.selected).to.equal(true);
    expect(container.querySelector('select')!.getAttribute('name')).to.equal('url');
    expect(container.querySelector('select')!.hasAttribute('data-sort-select')).to.equal(true);
    expect(container.querySelector<HTMLInputElement>('#s1')!.checked).to.equal(true);
    expect(container.querySelector('#s1')!.getAttribute('aria-describedby')).to.equal('count');
    expect(container.querySelector('[role="status"]')!.getAttribute('aria-live')).to.equal('polite');
    expect(container.querySelector('a[hidden]')!.getAttribute('href')).to.equal('/documents/annual-report');
    expect(container.querySelector('time')!.getAttribute('datetime')).to.equal('2026-01-01');
    expect(container.querySelector('nav a')!.getAttribute('aria-current')).to.equal('page');
  });

  it('cleans a fetched fragment as well: more than scripts and on* handlers', async () => {
    const realFetch = window.fetch;
    window.fetch = async () =>
      new Response(
        `<!doctype html><html><body><div data-results>${HOSTILE}<form action="https://elsewhere.example/collect"><input name="q"></form></div></body></html>`,
        { headers: { 'Content-Type': 'text/html' } },
      );
    try {
      const container = await placed(fetchFragment('/documents?fragment=results', '[data-results]', new AbortController().signal));
      expectHarmless(container);
      expect(container.querySelector('form')!.hasAttribute('action')).to.equal(false);
    } finally {
      window.fetch = realFetch;
    }
    expect(ran()).to.equal(false);
  });

  it('says which element was missing from an answer', async () => {
    let message = '';
    await fragmentNodes('<p>No results region</p>', '[data-results]').catch((error: Error) => (message = error.message));
    expect(message).to.equal('the answer has no [data-results] element');
  });
});
