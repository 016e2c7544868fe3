import type { Context } from 'hono';
import type { IncomingMessage } from 'node:http';
import { ProxyError } from './errors';

/**
 * The body of a GET request, which the Fetch API's Request cannot carry: read from Node's own request when the
 * server is @hono/node-server. Undefined when there is none (or no Node request to read, as in `app.request`).
 * A body with a content type other than JSON is refused; one larger than `maxBytes` is refused with 413.
 */
export async function readGetBody(c: Context, maxBytes: number): Promise<string | undefined> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const length = Number(c.req.header('content-length') ?? 0);
  const chunked = /chunked/i.test(c.req.header('transfer-encoding') ?? '');
  if (!(length > 0) && !chunked) return undefined;
  if (length > maxBytes) throw new ProxyError(413, [`The request body is larger than ${maxBytes} bytes.`]);
  const type = (c.req.header('content-type') ?? '').split(';', 1)[0].trim().toLowerCase();
  if (type !== 'application/json') throw new ProxyError(415, ['Send the request body as application/json.']);
  if (!incoming || incoming.readableEnded) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new ProxyError(413, [`The request body is larger than ${maxBytes} bytes.`]);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text.trim() === '' ? undefined : text;
}
