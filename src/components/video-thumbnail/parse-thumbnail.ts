import { videoIdFromUrl } from '../../core/video-url';

/** A server-rendered link to a video that can play in the page. */
export interface VideoLink {
  videoId: string;
  /** The link's text (whitespace collapsed), else the image's alt text: names the button and the player. */
  title: string;
  /** The link's thumbnail (none or one node): an `img`, or the `picture` (or other wrapper) holding it. */
  image: Node[];
  /** The link's other child nodes: its visible text. */
  caption: Node[];
  /** The link's text has something to show. */
  hasCaption: boolean;
}

export interface ParsedThumbnail {
  /** The video link, or null when the element holds no playable link: then everything stays as it was. */
  video: VideoLink | null;
  /** Server nodes before and after the link, kept where they were. */
  before: Node[];
  after: Node[];
  /** Every server node, for rendering them untouched. */
  all: Node[];
}

const collapse = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** Visible text only: comments (a template engine's markers, say) do not name anything. */
function textOf(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE || node.nodeType === Node.ELEMENT_NODE) return node.textContent ?? '';
  return '';
}

function isImage(node: Node): boolean {
  return node instanceof HTMLImageElement || (node instanceof Element && node.querySelector('img') !== null);
}

function imageAlt(image: Node | null): string {
  if (!image) return '';
  const img = image instanceof HTMLImageElement ? image : (image as Element).querySelector('img');
  return collapse(img?.alt);
}

/**
 * Reads `<video-thumbnail>` children: the first child link whose href is a video watch, embed or short
 * link becomes the player; its image is the thumbnail and its text the title. Any other link (or none)
 * means the element shows its content as the server wrote it.
 */
export function parseThumbnail(nodes: readonly Node[]): ParsedThumbnail {
  const all = [...nodes];
  const plain: ParsedThumbnail = { video: null, before: [], after: [], all };
  const index = all.findIndex((node) => node instanceof HTMLAnchorElement);
  if (index < 0) return plain;
  const link = all[index] as HTMLAnchorElement;
  const videoId = link.hasAttribute('href') ? videoIdFromUrl(link.href) : null;
  if (!videoId) return plain;

  const children = Array.from(link.childNodes);
  const image = children.find(isImage) ?? null;
  const caption = children.filter((child) => child !== image);
  const captionText = collapse(caption.map(textOf).join(''));
  return {
    video: { videoId, title: captionText || imageAlt(image), image: image ? [image] : [], caption, hasCaption: captionText !== '' },
    before: all.slice(0, index),
    after: all.slice(index + 1),
    all,
  };
}
