import type { ExtractionConfig } from './config';
import { normalisePdfDate, normaliseDate } from './dates';
import { ruleValues } from './field-rules';
import { fitDocument } from './fit-document';
import { DEFAULT_BODY_BYTES, MAX_PDF_OUTLINE, MAX_PDF_PAGES, PDF_TIME_BUDGET_MS, SUMMARY_CHARS, TITLE_CHARS } from './limits';
import { headerDirectives } from './robots';
import { cleanLine, cleanParagraphs, isMeaningfulTitle, shorten, titleFromFileName, titleFromLinkText } from './text';
import type { CrawledDocument, Extraction, FetchedResource } from './types';

export const PDF_TYPE = 'PDF';

interface TextItem {
  str?: string;
  hasEOL?: boolean;
}
interface OutlineNode {
  title: string;
  items: OutlineNode[];
}

/**
 * A page's text: items joined, a line end a space (PDF lines are where the layout wrapped, not sentences), an
 * empty line a paragraph break.
 */
function pageText(items: readonly TextItem[]): string {
  const lines = items.map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : '')).join('');
  return cleanParagraphs(lines)
    .split(/\n\n/)
    .map((paragraph) => paragraph.replace(/\n/g, ' '))
    .join('\n\n');
}

/** Outline entries (bookmarks) of the first two levels: the PDF's own table of contents, as its headings. */
function outlineTitles(outline: readonly OutlineNode[] | null): string[] {
  const titles: string[] = [];
  for (const node of outline ?? []) {
    for (const entry of [node, ...(node.items ?? [])]) {
      const title = cleanLine(entry.title ?? '');
      if (title && !titles.includes(title)) titles.push(title);
      if (titles.length >= MAX_PDF_OUTLINE) return titles;
    }
  }
  return titles;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/**
 * A PDF's text (up to MAX_PDF_PAGES pages and the body cap, within PDF_TIME_BUDGET_MS), its title (the metadata's
 * when meaningful, else the text of the link that led here, else the file name), its creation date and its
 * outline. A file that needs a password or cannot be read is unsupported, with PDF.js's reason.
 */
export async function extractPdf(resource: FetchedResource, config: ExtractionConfig): Promise<Extraction> {
  const { getDocumentProxy } = await import('unpdf');
  // PDF.js may take over (detach) the buffer it is given: it gets a copy, and the caller's bytes stay intact.
  const data = new Uint8Array(resource.body);
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(data, { verbosity: 0, stopAtErrors: false, disableAutoFetch: true, enableXfa: false });
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    return { kind: 'unsupported', reason: name === 'PasswordException' ? 'the PDF needs a password' : `the PDF cannot be read: ${errorText(error)}` };
  }
  try {
    const started = performance.now();
    const maxChars = config.maxBodyBytes ?? DEFAULT_BODY_BYTES;
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= Math.min(pdf.numPages, MAX_PDF_PAGES); number += 1) {
      if (length > maxChars || performance.now() - started > PDF_TIME_BUDGET_MS) break;
      try {
        const content = await (await pdf.getPage(number)).getTextContent();
        const text = pageText(content.items as TextItem[]);
        pages.push(text);
        length += text.length;
      } catch {
        // One unreadable page: the others are still worth indexing.
      }
    }
    const metadata = await pdf.getMetadata().catch(() => undefined);
    const info = (metadata?.info ?? {}) as Record<string, unknown>;
    const xmp = metadata?.metadata as { get?: (name: string) => unknown } | null | undefined;
    const readXmp = (name: string) => {
      try {
        const value = xmp?.get?.(name);
        return typeof value === 'string' ? value : undefined;
      } catch {
        return undefined;
      }
    };
    const outline = await pdf.getOutline().catch(() => null);

    const body = pages.filter(Boolean).join('\n\n');
    if (body === '' && pages.length === 0 && pdf.numPages > 0) return { kind: 'unsupported', reason: 'no page of the PDF could be read' };
    const metaTitle = [info.Title, readXmp('dc:title')].find((title): title is string => typeof title === 'string' && isMeaningfulTitle(title));
    const title = cleanLine(metaTitle ?? titleFromLinkText(resource.linkText) ?? titleFromFileName(resource.url));
    const published =
      normalisePdfDate(info.CreationDate) ?? normalisePdfDate(readXmp('xmp:createdate')) ?? normaliseDate(resource.sitemapLastmod);
    const document: CrawledDocument = {
      url: resource.url,
      title: shorten(title, TITLE_CHARS),
      summary: shorten(cleanLine(body.slice(0, SUMMARY_CHARS * 2)), SUMMARY_CHARS),
      body,
      headings: outlineTitles(outline as OutlineNode[] | null).join('\n'),
      document_type: PDF_TYPE,
    };
    if (published) document.published_date = published;
    Object.assign(document, ruleValues(resource.url, config));
    return { kind: 'file', document: fitDocument(document, config), noindex: headerDirectives(resource.headers).noindex };
  } catch (error) {
    return { kind: 'unsupported', reason: `the PDF cannot be read: ${errorText(error)}` };
  } finally {
    await pdf.loadingTask.destroy().catch(() => undefined);
  }
}
