#!/usr/bin/env node
/**
 * Checks the civic-elements package as a theme developer gets it: packs the repository's root package (or takes a
 * tarball), installs it with TypeScript and @types/react into a scratch folder outside the repository, and checks
 * what a consumer relies on. Prints one line per check and a closing `N passed, N failed`; exits non-zero on any
 * failure. Run `npm run build` first.
 *
 *   node scripts/check-package-elements.mjs [--tarball civic-elements-0.1.0.tgz] [--dir /tmp/consumer-elements] [--keep]
 *
 * Needs the npm registry for typescript and @types/react (the versions this repository uses).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const NAME = 'civic-elements';

function option(name) {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}
const keep = process.argv.includes('--keep');

const results = [];
function check(name, run) {
  try {
    const detail = run();
    results.push(true);
    console.log(`ok   ${name}${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    results.push(false);
    console.log(`FAIL ${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
function assert(condition, message) {
  if (!condition) throw new Error(message);
}
const run = (command, args, cwd) => execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

// --- the tarball and the scratch project -----------------------------------------------------------------------
assert(existsSync(join(REPOSITORY, 'dist', 'civic-elements.js')), 'No build found: run `npm run build` first.');
const scratch = option('dir') ?? mkdtempSync(join(tmpdir(), 'consumer-elements-'));
assert(!resolve(scratch).startsWith(`${REPOSITORY}/`), `the scratch folder must be outside the repository (${scratch})`);
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch, { recursive: true });

let tarball = option('tarball');
if (!tarball) {
  const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', scratch], REPOSITORY));
  tarball = join(scratch, packed[0].filename);
}
tarball = resolve(tarball);
console.log(`package: ${tarball}\nconsumer: ${scratch}`);

const repositoryManifest = JSON.parse(readFileSync(join(REPOSITORY, 'package.json'), 'utf8'));
const devVersion = (name) => repositoryManifest.devDependencies?.[name] ?? 'latest';
writeFileSync(join(scratch, 'package.json'), `${JSON.stringify({ name: 'consumer-elements', private: true, type: 'module' }, null, 2)}\n`);
run(
  'npm',
  ['install', '--no-audit', '--no-fund', tarball, `typescript@${devVersion('typescript')}`, `@types/react@${devVersion('@types/react')}`],
  scratch,
);
const installed = join(scratch, 'node_modules', NAME);
const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));

/** Bytes of every file under a folder. */
function bytesIn(folder) {
  let total = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) total += bytesIn(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

// --- what installing it brings ------------------------------------------------------------------------------
check('installs no runtime dependencies', () => {
  for (const field of ['dependencies', 'optionalDependencies', 'bundleDependencies'])
    assert(!manifest[field] || Object.keys(manifest[field]).length === 0, `package.json has ${field}: ${JSON.stringify(manifest[field])}`);
  const lock = JSON.parse(readFileSync(join(scratch, 'package-lock.json'), 'utf8'));
  const own = lock.packages[`node_modules/${NAME}`];
  assert(own && !own.dependencies, `the lockfile lists dependencies of ${NAME}: ${JSON.stringify(own?.dependencies)}`);
  const nested = Object.keys(lock.packages).filter((path) => path.startsWith(`node_modules/${NAME}/node_modules/`));
  assert(nested.length === 0, `packages installed under ${NAME}: ${nested.join(', ')}`);
  const optionalPeer = manifest.peerDependenciesMeta?.['@types/react']?.optional === true;
  assert(optionalPeer && manifest.peerDependencies?.['@types/react'], '@types/react is not declared as an optional peer dependency');
  const packages = Object.keys(lock.packages).filter((path) => path !== '');
  return `${NAME} ${bytesIn(installed)} bytes on disk; the consumer (with typescript and @types/react) has ${packages.length} packages, ${bytesIn(join(scratch, 'node_modules'))} bytes`;
});

check('ships LICENSE, the third-party notices and the component READMEs', () => {
  assert(
    /^MIT License\n\nCopyright \(c\) 2026 civic-elements contributors/.test(readFileSync(join(installed, 'LICENSE'), 'utf8')),
    'LICENSE',
  );
  const notices = readFileSync(join(installed, 'dist', 'THIRD-PARTY-NOTICES.md'), 'utf8');
  for (const library of ['react', 'react-dom', '@r2wc/react-to-web-component'])
    assert(new RegExp(`^## ${library.replace('/', '\\/')} \\d`, 'm').test(notices), `THIRD-PARTY-NOTICES.md has no section for ${library}`);
  assert(/Permission is hereby granted/.test(notices), 'the notices carry no licence text');
  const readmes = readdirSync(join(installed, 'src', 'components')).filter((folder) =>
    existsSync(join(installed, 'src', 'components', folder, 'README.md')),
  );
  assert(readmes.length > 0, 'no component README shipped');
  return `${readmes.length} component READMEs`;
});

check("the README's relative links lead to files in the package", () => {
  const readme = readFileSync(join(installed, 'README.md'), 'utf8');
  const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target).filter((target) => !/^([a-z]+:|#)/.test(target));
  const dead = links.filter((target) => !existsSync(join(installed, target.replace(/#.*$/, ''))));
  assert(dead.length === 0, `dead in the package: ${[...new Set(dead)].join(', ')}`);
  return `${links.length} links`;
});

// --- the exports -------------------------------------------------------------------------------------------
/** Every (subpath, condition, target file) the exports map names, with patterns expanded over the shipped files. */
function exportTargets() {
  const targets = [];
  for (const [subpath, value] of Object.entries(manifest.exports)) {
    // `source` is the repository's own condition (its scripts run the TypeScript sources); no consumer sets it.
    const conditions = Object.fromEntries(
      Object.entries(typeof value === 'string' ? { default: value } : value).filter(([condition]) => condition !== 'source'),
    );
    if (!subpath.includes('*')) {
      for (const [condition, target] of Object.entries(conditions)) targets.push({ subpath, condition, target });
      continue;
    }
    // A pattern: each shipped JavaScript file it matches is one subpath.
    const [before, after] = conditions.default.split('*');
    const folder = join(installed, before.slice(0, before.lastIndexOf('/')));
    const prefix = before.slice(before.lastIndexOf('/') + 1);
    const stems = readdirSync(folder)
      .filter((file) => file.startsWith(prefix) && file.endsWith(after))
      .map((file) => file.slice(prefix.length, file.length - after.length));
    assert(stems.length > 0, `${subpath} matches no shipped file`);
    for (const stem of stems)
      for (const [condition, target] of Object.entries(conditions))
        targets.push({ subpath: subpath.replace('*', stem), condition, target: target.replace('*', stem) });
  }
  return targets;
}

check('every exports target exists (patterns expanded over the shipped files)', () => {
  const targets = exportTargets();
  const missing = targets.filter(({ target }) => !existsSync(join(installed, target)));
  assert(missing.length === 0, missing.map(({ subpath, condition, target }) => `${subpath} (${condition}) -> ${target}`).join('; '));
  const documented = [
    '.',
    './core',
    './elements/accordion-group',
    './classes/accordion-group',
    './define',
    './autoload',
    './civic-elements.css',
    './custom-elements.json',
    './jsx',
    './package.json',
  ];
  const subpaths = new Set(targets.map(({ subpath }) => subpath));
  const undocumented = documented.filter((subpath) => !subpaths.has(subpath));
  assert(undocumented.length === 0, `not exported: ${undocumented.join(', ')}`);
  return `${subpaths.size} subpaths, ${targets.length} targets`;
});

check('every JavaScript export resolves as a bundler resolves it (import condition)', () => {
  // Node resolves with the `import` and `default` conditions, as Vite, esbuild and webpack do for an ES import.
  const probe = join(scratch, 'resolve-probe.mjs');
  const subpaths = [...new Set(exportTargets().map(({ subpath }) => subpath))].map((subpath) =>
    subpath === '.' ? NAME : `${NAME}/${subpath.slice(2)}`,
  );
  writeFileSync(probe, `for (const s of ${JSON.stringify(subpaths)}) console.log(s, import.meta.resolve(s));\n`);
  const lines = run(process.execPath, [probe], scratch).trim().split('\n');
  for (const line of lines) {
    const [subpath, url] = line.split(' ');
    assert(existsSync(fileURLToPath(url)), `${subpath} resolves to ${url}, which does not exist`);
  }
  // The JSX entry is a real module: importing it runs (and does nothing).
  run(process.execPath, ['--input-type=module', '-e', `await import('${NAME}/jsx')`], scratch);
  return `${lines.length} subpaths; ${NAME}/jsx imports`;
});

check('sideEffects: the registering entries and the stylesheet, never the class modules', () => {
  const sideEffects = manifest.sideEffects;
  assert(Array.isArray(sideEffects), 'sideEffects is not a list');
  const matches = (file) =>
    sideEffects.some((pattern) =>
      new RegExp(`^${pattern.replace(/^\.\//, '').replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`).test(file),
    );
  for (const file of ['dist/civic-elements.js', 'dist/autoload.js', 'dist/elements/accordion-group.js', 'dist/civic-elements.css'])
    assert(matches(file), `${file} is not marked as having side effects`);
  for (const file of ['dist/classes/accordion-group.js', 'dist/define.js', 'dist/jsx.js'])
    assert(!matches(file), `${file} is marked as having side effects`);
  for (const file of readdirSync(join(installed, 'dist', 'classes')).filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(join(installed, 'dist', 'classes', file), 'utf8');
    assert(
      !/customElements\.define|\bdefine\(\)/.test(code.replace(/\/\/# sourceMappingURL.*$/m, '')),
      `dist/classes/${file} registers an element`,
    );
  }
  return sideEffects.join(', ');
});

// --- the manifest ------------------------------------------------------------------------------------------
check('custom-elements.json names published modules that export its declarations, and cites no spec or issue', () => {
  const elements = JSON.parse(readFileSync(join(installed, 'dist', 'custom-elements.json'), 'utf8'));
  assert(manifest.customElements && existsSync(join(installed, manifest.customElements)), 'package.json customElements');
  let definitions = 0;
  for (const module of elements.modules) {
    const file = join(installed, module.path);
    assert(existsSync(file), `${module.path} is not in the package`);
    const code = readFileSync(file, 'utf8');
    for (const exported of module.exports) {
      if (exported.kind === 'custom-element-definition') definitions++;
      else
        assert(
          new RegExp(`as ${exported.name}\\b|export\\s*\\{[^}]*\\b${exported.name}\\b`).test(code),
          `${module.path} does not export ${exported.name}`,
        );
      assert(existsSync(join(installed, exported.declaration.module)), `${exported.declaration.module} is not in the package`);
    }
  }
  const text = JSON.stringify(elements);
  const citation = /spec(ification)? points?|\bpoints? \d+\b|\b(issue|defect) #?\d+/i.exec(text);
  assert(!citation, `cites "${citation?.[0]}"`);
  return `${elements.modules.length} modules, ${definitions} tag definitions`;
});

// --- types, as a consumer's TypeScript sees them ---------------------------------------------------------------
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    jsx: 'react-jsx',
    strict: true,
    noEmit: true,
    // The package's own declaration files are checked too: a consumer without skipLibCheck must not see errors.
    skipLibCheck: false,
    types: [],
  },
};

/**
 * Type-checks one consumer file on its own (each entry must bring its types by itself). `@ts-expect-error` lines
 * prove the types are real: an `any` would leave them unused, which is an error.
 */
function typeCheck(file, source, compilerOptions = {}) {
  writeFileSync(join(scratch, file), source);
  const config = `tsconfig.${file}.json`;
  writeFileSync(
    join(scratch, config),
    JSON.stringify({ ...TSCONFIG, compilerOptions: { ...TSCONFIG.compilerOptions, ...compilerOptions }, files: [file] }, null, 2),
  );
  try {
    run(join(scratch, 'node_modules', '.bin', 'tsc'), ['-p', config], scratch);
  } catch (error) {
    throw new Error(`tsc -p ${config}:\n${error.stdout || error.message}`);
  }
}

check("import { define } from 'civic-elements/classes/<tag>' and 'civic-elements/define' type-check", () => {
  typeCheck(
    'define.ts',
    `import { define, AccordionGroupElement } from '${NAME}/classes/accordion-group';
import { defineDataTable, DataTableElement } from '${NAME}/define';

const accordion: CustomElementConstructor = define('council-accordion');
const table: CustomElementConstructor = defineDataTable('council-table');
const element: HTMLElement = new AccordionGroupElement();
// @ts-expect-error define takes a tag name
define(42);
export { accordion, table, element, DataTableElement };
`,
  );
  return `${NAME}/classes/accordion-group, ${NAME}/define`;
});

const eventsSource = (entry) => `import '${entry}';

const accordion = document.querySelector('accordion-group')!;
accordion.addEventListener('accordion-toggle', (e) => {
  const open: boolean = e.detail.open;
  const index: number = e.detail.index;
  // @ts-expect-error the event's detail has no such field
  void e.detail.notAField;
  void open;
  void index;
});
// The events bubble: a page may listen on document.
document.addEventListener('accordion-toggle', (e) => void (e.detail.heading satisfies string));
`;

for (const entry of [`${NAME}/elements/accordion-group`, NAME, `${NAME}/autoload`, `${NAME}/classes/accordion-group`, `${NAME}/define`]) {
  check(`typed events and tags with import '${entry}'`, () => {
    typeCheck(`events-${entry.replace(/\W+/g, '-')}.ts`, eventsSource(entry));
  });
}

check("typed events and tags under moduleResolution NodeNext (a project that runs on Node's own rules)", () => {
  typeCheck('events-nodenext.mts', eventsSource(`${NAME}/elements/accordion-group`), { module: 'NodeNext', moduleResolution: 'NodeNext' });
});

check("a TSX file using <accordion-group> type-checks with import 'civic-elements/jsx'", () => {
  typeCheck(
    'app.tsx',
    `import '${NAME}/jsx';

export function Page() {
  return (
    <accordion-group i18n='{"showAll":"Whakaatu katoa"}'>
      <section>
        <h3>Fees</h3>
        <p>The fee is £120.</p>
      </section>
    </accordion-group>
  );
}

export function Results() {
  return <search-results keep-filters data-engine-name="site" />;
}

// @ts-expect-error a tag the kit does not have is not typed
export const Unknown = () => <accordion-grope />;
`,
  );
});

// --- done ---------------------------------------------------------------------------------------------------
const passed = results.filter(Boolean).length;
const failed = results.length - passed;
if (!keep && !option('dir')) rmSync(scratch, { recursive: true, force: true });
else console.log(`kept: ${relative(process.cwd(), scratch) || scratch}`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
