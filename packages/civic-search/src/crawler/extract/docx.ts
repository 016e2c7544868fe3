import type { ExtractionConfig } from './config';
import { normaliseDate } from './dates';
import { blockText, headingTexts } from './dom-text';
import { ruleValues } from './field-rules';
import { fitDocument } from './fit-document';
import { MAX_DOCX_ENTRIES, MAX_DOCX_XML_BYTES, SUMMARY_CHARS, TITLE_CHARS } from './limits';
import { headerDirectives } from './robots';
import { cleanLine, shorten, titleFromFileName, titleFromLinkText } from './text';
import type { CrawledDocument, Extraction, FetchedResource } from './types';
import { zipEntries } from './zip-entries';

export const DOCX_TYPE = 'Word document';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/** Why the zip is not opened: not a zip, or parts that unpack too large. Undefined when it may be. */
function zipProblem(body: Uint8Array): string | undefined {
  const entries = zipEntries(body, MAX_DOCX_ENTRIES);
  if (!entries) return 'the Word document is not a readable zip file';
  const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (total > MAX_DOCX_XML_BYTES * 2 || entries.some((entry) => entry.name.endsWith('.xml') && entry.uncompressedSize > MAX_DOCX_XML_BYTES)) {
    return 'the Word document unpacks too large to read';
  }
  if (!entries.some((entry) => entry.name === 'word/document.xml')) return 'the file is not a Word document (no word/document.xml)';
  return undefined;
}

/**
 * A Word (.docx) document through mammoth's HTML conversion, read once for both its text (paragraph breaks kept)
 * and its h1–h3 headings; images are skipped, not decoded. Title: its first heading when short enough, else the
 * text of the link that led here, else the file name. A broken or oversized file is unsupported.
 */
export async function extractDocx(resource: FetchedResource, config: ExtractionConfig): Promise<Extraction> {
  const problem = zipProblem(resource.body);
  if (problem) return { kind: 'unsupported', reason: problem };
  let html: string;
  try {
    const mammoth = (await import('mammoth')).default;
    const skipImage = mammoth.images.imgElement(async () => ({ src: '' }));
    const result = await mammoth.convertToHtml({ buffer: Buffer.from(resource.body) }, { convertImage: skipImage, externalFileAccess: false });
    html = result.value;
  } catch (error) {
    return { kind: 'unsupported', reason: `the Word document cannot be read: ${errorText(error)}` };
  }
  const { parseHTML } = await import('linkedom');
  const { document: page } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const root = page.body as unknown as Element;
  const body = blockText(root);
  const headings = headingTexts(root);
  const heading = headings.find((text) => text.length <= TITLE_CHARS);
  const title = heading ?? titleFromLinkText(resource.linkText) ?? titleFromFileName(resource.url);
  const document: CrawledDocument = {
    url: resource.url,
    title: shorten(cleanLine(title), TITLE_CHARS),
    summary: shorten(cleanLine(body.replace(heading ?? '', '').slice(0, SUMMARY_CHARS * 2)), SUMMARY_CHARS),
    body,
    headings: headings.join('\n'),
    document_type: DOCX_TYPE,
  };
  const published = normaliseDate(resource.sitemapLastmod);
  if (published) document.published_date = published;
  Object.assign(document, ruleValues(resource.url, config));
  return { kind: 'file', document: fitDocument(document, config), noindex: headerDirectives(resource.headers).noindex };
}
