/**
 * An HTML body's bytes as text, in the encoding the page declares: a byte-order mark, else the Content-Type
 * header's charset, else a `<meta charset>` (or http-equiv Content-Type) in the first 1024 bytes, else UTF-8.
 * An encoding the platform does not know, or a malformed sequence, never fails: UTF-8 and replacement characters.
 */

const SNIFF_BYTES = 1024;

function charsetFromContentType(value: string | null): string | undefined {
  if (!value) return undefined;
  const match = /;\s*charset\s*=\s*["']?([\w.:-]{1,40})/i.exec(value);
  return match?.[1];
}

function charsetFromMeta(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, SNIFF_BYTES));
  const match = /<meta[^>]{0,200}?charset\s*=\s*["']?([\w.:-]{1,40})/i.exec(head);
  return match?.[1];
}

function bomEncoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

function decoderFor(label: string | undefined): TextDecoder {
  if (label) {
    try {
      return new TextDecoder(label.toLowerCase());
    } catch {
      // An unknown label: fall through to UTF-8, the web's default.
    }
  }
  return new TextDecoder('utf-8');
}

export function decodeHtml(bytes: Uint8Array, headers: Headers): string {
  const label = bomEncoding(bytes) ?? charsetFromContentType(headers.get('content-type')) ?? charsetFromMeta(bytes);
  return decoderFor(label).decode(bytes);
}
