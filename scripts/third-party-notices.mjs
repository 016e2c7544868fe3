// A rollup plugin that writes dist/THIRD-PARTY-NOTICES.md from what the build actually bundled: every npm package
// with at least one module whose code is in an output chunk (or a file the stylesheet copies), with its version
// and the full text of its licence. Generated on every build, so the list cannot drift from dist/.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const NOTICES_FILE = 'THIRD-PARTY-NOTICES.md';

/** Licence texts of packages that publish none, taken from their repositories (see scripts/licenses/README.md). */
const KEPT_LICENSES = new URL('licenses/', import.meta.url);
const keptLicenses = JSON.parse(readFileSync(new URL('index.json', KEPT_LICENSES), 'utf8'));

/** A licence file in a package's folder: LICENSE, LICENCE, COPYING, with or without an extension. */
const LICENSE_FILE = /^(licen[cs]e|copying)([.-].*)?$/i;

/**
 * The folder of the npm package a bundled file belongs to, or undefined for the kit's own code. Rollup's plugins
 * mark ids they made (`\0` prefix, `?commonjs-...` suffix): what is left is the file's path.
 */
export function packageRootOf(id) {
  const path = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const marker = '/node_modules/';
  const at = path.lastIndexOf(marker);
  if (at === -1) return undefined;
  const rest = path.slice(at + marker.length).split('/');
  const segments = rest[0].startsWith('@') ? 2 : 1;
  if (rest.length <= segments) return undefined;
  return path.slice(0, at + marker.length) + rest.slice(0, segments).join('/');
}

/** Name, version, licence and licence text of the package in `root`; throws when it ships no licence text. */
export function packageNotice(root) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const files = readdirSync(root)
    .filter((file) => LICENSE_FILE.test(file))
    .sort();
  const kept = keptLicenses[manifest.name];
  if (files.length === 0 && !kept) {
    throw new Error(
      `${manifest.name}@${manifest.version} is bundled into dist/ but has no licence file in ${root}: add its text to scripts/licenses/.`,
    );
  }
  const texts =
    files.length > 0
      ? files.map((file) => readFileSync(join(root, file), 'utf8'))
      : [readFileSync(new URL(kept.file, KEPT_LICENSES), 'utf8')];
  const license = typeof manifest.license === 'string' ? manifest.license : (manifest.license?.type ?? 'see the licence text');
  const repository = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  return {
    name: manifest.name,
    version: manifest.version,
    license,
    homepage: manifest.homepage ?? repository,
    // The package publishes no licence text: say where this one comes from.
    textSource: files.length > 0 ? undefined : kept.source,
    texts: texts.map((text) => text.replace(/\r\n/g, '\n').trim()),
  };
}

/** The notices file for these packages, sorted by name; `files` names what bundles them. */
export function noticesText(notices, files = "civic-elements' `dist/` files") {
  const sorted = [...notices].sort((a, b) => a.name.localeCompare(b.name));
  const lines = [
    '# Third-party notices',
    '',
    `${files} bundle code from the libraries below, each under its own licence, reproduced in`,
    'full. This file is written by the build from the modules it bundled.',
    '',
    ...sorted.map(({ name, version, license }) => `- ${name} ${version} (${license})`),
  ];
  for (const { name, version, license, homepage, textSource, texts } of sorted) {
    lines.push('', `## ${name} ${version}`, '', `Licence: ${license}${homepage ? `. Source: ${homepage}` : ''}`);
    if (textSource) lines.push('', `The package publishes no licence text; this is the project's, from ${textSource}`);
    for (const text of texts) {
      // A fence longer than any run of backticks in the text, so the text is shown exactly as written.
      const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map(([run]) => run.length));
      const fence = '`'.repeat(longest + 1);
      lines.push('', `${fence}text`, text, fence);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `extraFiles`: files the build copies outside rollup's module graph (the stylesheet's), relative to the working
 * folder, or files other builds bundled; a function giving them is called when the notices are written.
 */
export function thirdPartyNotices({ extraFiles = [] } = {}) {
  return {
    name: 'third-party-notices',
    generateBundle(_options, bundle) {
      const roots = new Set();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(output.modules)) {
          // A module rollup left out entirely (tree-shaken to nothing) ships no code.
          if (module.renderedLength === 0) continue;
          const root = packageRootOf(id);
          if (root) roots.add(root);
        }
      }
      // A function is read now, at the end of the build: files other builds of the array recorded as they ran.
      for (const file of typeof extraFiles === 'function' ? extraFiles() : extraFiles) {
        const root = packageRootOf(resolve(file));
        if (root && existsSync(resolve(file))) roots.add(root);
      }
      // Two copies of one version (in different node_modules folders) are one notice.
      const notices = [...new Map([...roots].map(packageNotice).map((notice) => [`${notice.name}@${notice.version}`, notice])).values()];
      this.emitFile({ type: 'asset', fileName: NOTICES_FILE, source: noticesText(notices) });
    },
  };
}
