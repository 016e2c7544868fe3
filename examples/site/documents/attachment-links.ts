import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { attachments, attachmentUrl } from '../../content/attachments';

/** An attachment as its document's page links it: the title, the address, and the file's type and size. */
export interface AttachmentLink {
  title: string;
  href: string;
  /** "PDF, 24 KB": what the visitor downloads, before they choose to. */
  details: string;
}

const ATTACHMENTS_FOLDER = new URL('../../assets/documents/', import.meta.url);

/** Sizes as GOV.UK writes them: whole kilobytes (at least 1), or megabytes to one decimal place. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const fileType = (file: string) => file.slice(file.lastIndexOf('.') + 1).toUpperCase();

let links: Map<string, AttachmentLink[]> | undefined;

/** The files attached to a library document, read once from disk for their sizes. */
export function attachmentLinksFor(documentId: string): readonly AttachmentLink[] {
  if (!links) {
    links = new Map();
    for (const attachment of attachments) {
      const size = statSync(fileURLToPath(new URL(attachment.file, ATTACHMENTS_FOLDER))).size;
      const link = {
        title: attachment.title,
        href: attachmentUrl(attachment),
        details: `${fileType(attachment.file)}, ${formatFileSize(size)}`,
      };
      links.set(attachment.documentId, [...(links.get(attachment.documentId) ?? []), link]);
    }
  }
  return links.get(documentId) ?? [];
}
