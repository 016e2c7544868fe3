import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument, PDFHexString, StandardFonts } from 'pdf-lib';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { extractResource, type Extraction, type FetchedResource } from '../../packages/civic-search/src/crawler/extract';
import { DEFAULT_BODY_BYTES } from '../../packages/civic-search/src/crawler/extract/limits';

const PDF_TYPE = 'application/pdf';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A PDF made at test time: one line of text a page, with the metadata given. */
async function makePdf({ title, pages = ['Dog registration fees for 2025/26 are due by 31 July.'], created }: { title?: string; pages?: string[]; created?: Date } = {}) {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  if (title !== undefined) pdf.setTitle(title);
  if (created) pdf.setCreationDate(created);
  for (const text of pages) {
    const page = pdf.addPage([595, 842]);
    text.split('\n').forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 16, size: 11, font }));
  }
  return pdf.save();
}

async function makeDocx(children: Paragraph[]) {
  return new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));
}

function file(body: Uint8Array, contentType: string, extra: Partial<FetchedResource> = {}): FetchedResource {
  return { url: 'https://council.example/documents/dog-fees_2025-26.pdf', contentType, body, headers: new Headers(), ...extra };
}

async function extractFile(resource: FetchedResource) {
  const extraction = await extractResource(resource);
  assert.equal(extraction.kind, 'file', JSON.stringify(extraction));
  return extraction as Extract<Extraction, { kind: 'file' }>;
}

describe('crawler extract: PDF', () => {
  it('finds the text of every page, the metadata title and creation date, as a PDF document', async () => {
    const body = await makePdf({
      title: 'Dog registration fees 2025/26',
      pages: ['Dog registration fees for 2025/26 are due by 31 July.', 'Owners of working dogs pay a reduced fee.'],
      created: new Date('2025-05-01T10:00:00Z'),
    });
    const { document, noindex } = await extractFile(file(body, PDF_TYPE));
    assert.equal(document.title, 'Dog registration fees 2025/26');
    assert.match(document.body, /are due by 31 July\./);
    assert.match(document.body, /working dogs pay a reduced fee/);
    assert.match(document.summary, /^Dog registration fees for 2025\/26 are due/);
    assert.equal(document.published_date, '2025-05-01T10:00:00.000Z');
    assert.equal(document.document_type, 'PDF');
    assert.equal(document.url, 'https://council.example/documents/dog-fees_2025-26.pdf');
    assert.equal(noindex, false);
  });

  it('passes over a title that is a placeholder or a file name: the link text, else the file name made readable', async () => {
    for (const title of ['Untitled', 'Microsoft Word - dog fees.docx', 'C:\\temp\\fees.pdf', 'Document1', '']) {
      const body = await makePdf({ title });
      const linked = await extractFile(file(body, PDF_TYPE, { linkText: 'Dog registration fee schedule (PDF, 120 KB)' }));
      assert.equal(linked.document.title, 'Dog registration fee schedule', title);
      const bare = await extractFile(file(body, PDF_TYPE, { linkText: 'Download' }));
      assert.equal(bare.document.title, 'Dog fees 2025-26', title);
    }
  });

  it('takes the sitemap date when the PDF has none, and the header\'s noindex', async () => {
    // Without updateMetadata, pdf-lib writes no creation date into the file.
    const pdf = await PDFDocument.create({ updateMetadata: false });
    pdf.addPage().drawText('Pool timetable', { x: 50, y: 700 });
    const bytes = await pdf.save();
    const { document, noindex } = await extractFile(
      file(bytes, PDF_TYPE, { sitemapLastmod: '2024-08-01', headers: new Headers({ 'x-robots-tag': 'noindex' }) }),
    );
    assert.equal(document.published_date, '2024-08-01T00:00:00.000Z');
    assert.equal(noindex, true);
  });

  it('reports a broken or truncated PDF as unsupported, with a reason, never throwing', async () => {
    const good = await makePdf();
    for (const body of [new TextEncoder().encode('%PDF-1.7\nthis is not really a pdf'), good.slice(0, 200), new Uint8Array(0)]) {
      const extraction = await extractResource(file(body, PDF_TYPE));
      assert.equal(extraction.kind, 'unsupported', JSON.stringify(extraction).slice(0, 200));
      assert.match((extraction as { reason: string }).reason, /PDF/);
    }
  });

  it('reports a PDF that needs a password as unsupported, saying so', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText('Confidential committee minutes', { x: 50, y: 700 });
    // Standard security with a user password the empty one does not open (the check values are arbitrary).
    const { context } = pdf;
    const encrypt = context.obj({ Filter: 'Standard', V: 1, R: 2, Length: 40, P: -4, O: PDFHexString.of('11'.repeat(32)), U: PDFHexString.of('22'.repeat(32)) });
    context.trailerInfo.Encrypt = context.register(encrypt);
    context.trailerInfo.ID = context.obj([PDFHexString.of('33'.repeat(16)), PDFHexString.of('33'.repeat(16))]);
    const extraction = await extractResource(file(await pdf.save({ useObjectStreams: false }), PDF_TYPE));
    assert.deepEqual(extraction, { kind: 'unsupported', reason: 'the PDF needs a password' });
  });

  it('leaves the caller\'s bytes intact (PDF.js may detach the buffer it reads)', async () => {
    const body = await makePdf();
    const before = body.length;
    await extractFile(file(body, PDF_TYPE));
    assert.equal(body.length, before);
    await extractFile(file(body, PDF_TYPE));
  });

  it('keeps a long PDF within the body cap', async () => {
    const line = 'Section of the long term plan about roads, water, parks and libraries for the district.';
    const pages = Array.from({ length: 40 }, (_, i) => Array.from({ length: 45 }, (__, j) => `${i}.${j} ${line}`).join('\n'));
    const { document } = await extractFile(file(await makePdf({ title: 'Long term plan', pages }), PDF_TYPE));
    const bytes = Buffer.byteLength(JSON.stringify(document.body));
    assert.ok(bytes <= DEFAULT_BODY_BYTES && bytes > DEFAULT_BODY_BYTES / 2, String(bytes));
    assert.match(document.body, /^0\.0 Section of the long term plan/);
  });
});

describe('crawler extract: Word documents', () => {
  it('finds the text with paragraph breaks, the headings, and the first heading as the title', async () => {
    const body = await makeDocx([
      new Paragraph({ text: 'Submission form: annual plan', heading: HeadingLevel.HEADING_1 }),
      new Paragraph('Tell us what you think about the council\'s annual plan for next year.'),
      new Paragraph({ text: 'How to make a submission', heading: HeadingLevel.HEADING_2 }),
      new Paragraph('Post this form to the council offices or email it before 5pm on 30 April.'),
      new Paragraph({ text: 'Privacy', heading: HeadingLevel.HEADING_3 }),
      new Paragraph({ text: 'Deep heading not listed', heading: HeadingLevel.HEADING_4 }),
    ]);
    const { document, noindex } = await extractFile(file(body, DOCX_TYPE, { url: 'https://council.example/forms/submission.docx' }));
    assert.equal(document.title, 'Submission form: annual plan');
    assert.equal(document.headings, 'Submission form: annual plan\nHow to make a submission\nPrivacy');
    assert.ok(document.body.includes("annual plan for next year.\n\nHow to make a submission\n\nPost this form"), document.body);
    assert.match(document.summary, /^Tell us what you think/);
    assert.equal(document.document_type, 'Word document');
    assert.equal(noindex, false);
  });

  it('without headings, takes the link text, else the file name, for the title', async () => {
    const body = await makeDocx([new Paragraph('Opening hours for the district libraries over the holidays.')]);
    const linked = await extractFile(file(body, DOCX_TYPE, { url: 'https://council.example/files/library_hours.docx', linkText: 'Library holiday hours' }));
    assert.equal(linked.document.title, 'Library holiday hours');
    const bare = await extractFile(file(body, DOCX_TYPE, { url: 'https://council.example/files/library_hours.docx', sitemapLastmod: '2025-12-01T08:00:00Z' }));
    assert.equal(bare.document.title, 'Library hours');
    assert.equal(bare.document.published_date, '2025-12-01T08:00:00.000Z');
    assert.match(bare.document.body, /Opening hours for the district libraries/);
  });

  it('reports a broken file, or a zip that is no Word document, as unsupported', async () => {
    const good = await makeDocx([new Paragraph('Some text')]);
    for (const body of [new TextEncoder().encode('PK not a zip at all'), good.slice(0, good.length - 30), new Uint8Array(0)]) {
      const extraction = await extractResource(file(body, DOCX_TYPE));
      assert.equal(extraction.kind, 'unsupported', JSON.stringify(extraction).slice(0, 200));
    }
  });

  it('refuses a document whose main part claims to unpack to gigabytes, before inflating it', async () => {
    const body = new Uint8Array(await makeDocx([new Paragraph('Small text')]));
    // Raise the uncompressed size that the central directory records for word/document.xml to 3 GB.
    const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
    const name = new TextEncoder().encode('word/document.xml');
    for (let offset = 0; offset < body.length - 46; offset += 1) {
      if (view.getUint32(offset, true) !== 0x02014b50) continue;
      const nameLength = view.getUint16(offset + 28, true);
      const entryName = body.subarray(offset + 46, offset + 46 + nameLength);
      if (nameLength === name.length && entryName.every((byte, i) => byte === name[i])) view.setUint32(offset + 24, 3 * 1024 ** 3, true);
    }
    const extraction = await extractResource(file(body, DOCX_TYPE));
    assert.deepEqual(extraction, { kind: 'unsupported', reason: 'the Word document unpacks too large to read' });
  });
});
