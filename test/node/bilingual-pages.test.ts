import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { handWrittenPages } from '../../examples/content/site-documents';
import { navigation } from '../../examples/site/navigation';
import { bilingualPages } from '../../examples/site/pages/council-content';
import { councilPageRoutes } from '../../examples/site/pages/council-routes';

/** Words the pages must carry with their macrons, as a council writes them. */
const MACRON_WORDS = ['Māori', 'Whānganui', 'Tāhuna', 'pōwhiri', 'whānau', 'hapū', 'kōwhiri', 'harirū', 'Ōwhiti', 'whaikōrero'];

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

describe('bilingual pages (English and te reo Māori)', () => {
  const documents = handWrittenPages().filter((document) => bilingualPages.some((page) => page.href === document.url));

  it('are in the search documents, with the Māori words spelled with macrons', () => {
    assert.equal(documents.length, 2);
    const text = documents.map((document) => `${document.title} ${document.summary} ${document.body}`).join(' ');
    for (const word of MACRON_WORDS) assert.ok(text.includes(word), `${word} is in the documents`);
    // Precomposed letters (ā, not a and a combining macron), as typed on a Māori keyboard.
    assert.equal(text, text.normalize('NFC'));
    assert.equal(documents.find((document) => document.url === '/council/maori-ward')?.title, 'Māori ward: Te Tai Tāhuna');
  });

  it('hold every Māori passage of the pages, and the English ones', () => {
    for (const page of bilingualPages) {
      const body = documents.find((document) => document.url === page.href)?.body ?? '';
      for (const passage of [page.lead.en, page.lead.mi, ...page.sections.flatMap((section) => [...section.en, ...section.mi])]) {
        assert.ok(body.includes(passage), `${page.href}: ${passage.slice(0, 40)}`);
      }
    }
  });

  it('are linked from the navigation', () => {
    const section = navigation.find((item) => item.title === 'Council and democracy');
    assert.deepEqual(
      section?.children?.map((child) => child.href),
      bilingualPages.map((page) => page.href),
    );
  });

  it('mark each Māori passage lang="mi" on the page', async () => {
    for (const page of bilingualPages) {
      const response = await councilPageRoutes().request(page.href);
      assert.equal(response.status, 200);
      const html = await response.text();
      assert.match(html, /<html lang="en-NZ">/);
      for (const passage of [page.lead.mi, ...page.sections.flatMap((section) => section.mi)]) {
        assert.ok(html.includes(`lang="mi">${escapeHtml(passage)}</p>`), `${page.href}: ${passage.slice(0, 40)}`);
      }
      assert.ok(html.includes(`<span lang="mi">${escapeHtml(page.heading.mi)}</span>`), `${page.href} heading`);
    }
  });
});
