/**
 * Prints the council's attachments (examples/content/attachments.ts) as PDFs into examples/assets/documents/:
 *
 *   node --import tsx examples/scripts/make-documents.ts
 *
 * Run it after changing an attachment's text, and commit the files. The output depends only on the text and
 * dates (no clock, no random id), so running it again without changes rewrites the same bytes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { ATTACHMENT_AUTHOR, ATTACHMENTS_DIR, attachments, type Attachment } from '../content/attachments';

/** A4 in points, with 20 mm margins. */
const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56.7;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BODY_SIZE = 11;
const HEADING_SIZE = 13;
const TITLE_SIZE = 18;
const LINE_GAP = 1.4;

/** Words laid out in lines no wider than the text column. */
function wrap(text: string, font: PDFFont, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > TEXT_WIDTH) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function makeDocument(attachment: Attachment): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const date = new Date(`${attachment.published}T00:00:00Z`);
  pdf.setTitle(attachment.title, { showInWindowTitleBar: true });
  pdf.setAuthor(ATTACHMENT_AUTHOR);
  pdf.setSubject(attachment.title);
  pdf.setCreator(`${ATTACHMENT_AUTHOR} document template`);
  pdf.setProducer('pdf-lib');
  pdf.setLanguage('en-NZ');
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);

  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;

  const write = (text: string, font: PDFFont, size: number, spaceAfter: number) => {
    for (const line of wrap(text, font, size)) {
      if (y - size < MARGIN) {
        page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
        y = PAGE_HEIGHT - MARGIN;
      }
      y -= size;
      page.drawText(line, { x: MARGIN, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= size * (LINE_GAP - 1);
    }
    y -= spaceAfter;
  };

  write(ATTACHMENT_AUTHOR, regular, BODY_SIZE, 6);
  write(attachment.title, bold, TITLE_SIZE, 14);
  for (const paragraph of attachment.paragraphs) {
    if (paragraph.startsWith('## ')) write(paragraph.slice(3), bold, HEADING_SIZE, 4);
    else write(paragraph, regular, BODY_SIZE, 8);
  }
  return pdf.save({ useObjectStreams: false });
}

async function main(): Promise<void> {
  await mkdir(ATTACHMENTS_DIR, { recursive: true });
  for (const attachment of attachments) {
    const bytes = await makeDocument(attachment);
    await writeFile(join(ATTACHMENTS_DIR, attachment.file), bytes);
    console.log(`${attachment.file}: ${(bytes.length / 1024).toFixed(1)} KB`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(`Making the documents failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
