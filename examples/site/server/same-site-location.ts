/**
 * Redirect targets that stay on this site. The check runs on the address as a browser will read it, after
 * dot segments, percent-encoded dots and backslashes are resolved: `/.//evil.example` is `//evil.example` to
 * a browser, another host. The caller redirects to the normalised address returned, exactly what was checked.
 */

/** A base that no real request has: resolving a path against it shows whether the path leaves the site. */
const SAME_SITE_BASE = new URL('https://same-site.invalid/');

/** C0 control characters and DEL: never part of a path a browser sends, and unsafe in a Location header. */
export const hasControlCharacter = (value: string) => Array.from(value).some((char) => char <= '\u001f' || char === '\u007f');

/**
 * The normalised path, query and fragment of `value` when it is a path on this site (starts with one `/`,
 * no control characters, and still a path with one leading `/` once resolved); undefined otherwise.
 */
export function sameSiteLocation(value: string): string | undefined {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (hasControlCharacter(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, SAME_SITE_BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== SAME_SITE_BASE.origin) return undefined;
  // A path that resolves to `//host` or `/\host` is read by browsers as another host when sent back as Location.
  if (!url.pathname.startsWith('/') || url.pathname.startsWith('//') || url.pathname.startsWith('/\\')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `location` with one query parameter set, for a redirect (still normalised, still same-site). */
export function withQueryParam(location: string, name: string, value: string): string {
  const url = new URL(location, SAME_SITE_BASE);
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
