/**
 * Which URLs a crawl may fetch: those on its hosts (host and port exactly; `www.` is another host) whose path the
 * include globs take (all, when none are given) and no exclude glob takes. Globs: `*` any characters but `/`, `**`
 * any characters, `?` one character; a glob without a leading `/` may match anywhere under a folder boundary.
 */
export interface CrawlScope {
  hosts: ReadonlySet<string>;
  allows(url: URL): boolean;
  onHost(url: URL): boolean;
}

export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index++) {
    const char = glob[index];
    if (char === '*') {
      if (glob[index + 1] === '*') {
        source += '.*';
        index++;
      } else source += '[^/]*';
    } else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(glob.startsWith('/') ? `^${source}$` : `(^|/)${source}$`);
}

export function createScope(hosts: Iterable<string>, include: readonly string[] = [], exclude: readonly string[] = []): CrawlScope {
  const hostSet = new Set([...hosts].map((host) => host.toLowerCase()));
  const includes = include.map(globToRegExp);
  const excludes = exclude.map(globToRegExp);
  const onHost = (url: URL) => hostSet.has(url.host);
  return {
    hosts: hostSet,
    onHost,
    allows(url) {
      if (!onHost(url)) return false;
      const path = decodeURIComponentSafe(url.pathname);
      if (includes.length > 0 && !includes.some((pattern) => pattern.test(path))) return false;
      return !excludes.some((pattern) => pattern.test(path));
    },
  };
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
