import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CONSOLE_PATH } from './pages';

/** Every console form's body limit: a form of fields is far smaller. */
export const FORM_MAX_BYTES = 64 * 1024;

/**
 * A CSV file of synonym sets or curations, uploaded to import. The largest synonyms file an engine can hold is
 * 256 sets of 32 synonyms, each row a 28-character id and a synonym of up to 128 characters: about 1.3 MB. 2 MiB
 * takes that with room for quoting and the multipart envelope (and about 10,000 rows of curations), while still
 * bounding what one request can make the service read into memory.
 */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

/** The routes that take a file, each with its own limit in place of the forms' one. */
export const UPLOAD_ROUTE = new RegExp(`^${CONSOLE_PATH}/engines/[^/]+/(?:synonyms|curations)/import$`);

export const isUploadRoute = (path: string) => UPLOAD_ROUTE.test(path);

/**
 * The answer to a body over its limit. The rest of that body is never read, so the connection cannot carry another
 * request: saying so lets the browser open a new one instead of failing its next request on this one.
 */
export const tooLarge = (c: Context, text: string) => c.text(text, 413, { Connection: 'close' });

export const importBodyLimit = bodyLimit({
  maxSize: IMPORT_MAX_BYTES,
  onError: (c) => tooLarge(c, `The file is too large: at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`),
});
