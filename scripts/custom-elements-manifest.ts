/**
 * The Custom Elements Manifest (schema 2.1) and the JSX typings for React apps, from the source: each element's class
 * module (`elements/classes/<tag>.ts`) names its component and attribute schema, the
 * component's folder declares its events (`CivicEventDetails`) and styles (the `--civic-*` properties it reads,
 * with their defaults from the theme), its component passes its English strings to `useMessages`, and its README
 * describes it, gives its demo markup and describes attributes the schema leaves undocumented.
 * `scripts/manifest.ts` writes them (run by `npm run build`).
 *
 * The manifest describes the published package: each element's class in `dist/classes/<tag>.js` (registers nothing),
 * its registration in `dist/elements/<tag>.js`, links relative to the package root.
 *
 * Two custom declaration fields (CEM tools ignore fields they do not know): `i18n`, the element's strings
 * `[{ key, default, description? }]`, and `demo`, its README's example markup.
 *
 * The elements are made by a factory (r2wc), not class declarations, so the stock analyzer cannot see their
 * attributes; the TypeScript compiler API reads the same facts here.
 */
import ts from 'typescript';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { attributeDescriptions, demoMarkup, readmeDescription } from './readme-facts';
import { createI18nReader, type I18nKey } from './i18n-keys';

/** The published files, relative to the package root: the class (registers nothing), and the entry that registers it. */
export const classModulePath = (tag: string) => `dist/classes/${tag}.js`;
export const definitionModulePath = (tag: string) => `dist/elements/${tag}.js`;

interface Attribute {
  name: string;
  fieldName: string;
  type: string;
  description?: string;
}
export interface ElementFacts {
  tag: string;
  className: string;
  description: string;
  attributes: Attribute[];
  events: { name: string; type: string; description?: string }[];
  /** The theme properties the element's styles read, with their default from the theme. */
  cssProperties: { name: string; default?: string }[];
  /** The element's strings: every key its `i18n` attribute accepts, with the English default. */
  i18n: I18nKey[];
  /** The README's example markup for the tag, if it has one. */
  demo?: string;
}

const SCHEMA_TYPES: Record<string, string> = { string: 'string', boolean: 'boolean', number: 'number', json: 'object' };
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const THEME_FILE = join('src', 'styles', 'theme.css');

const CLASSES_FOLDER = join('elements', 'classes');
const elementFiles = readdirSync(CLASSES_FOLDER)
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .sort()
  .map((file) => join(CLASSES_FOLDER, file));
const program = ts.createProgram(elementFiles, {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  jsx: ts.JsxEmit.ReactJSX,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  skipLibCheck: true,
  allowImportingTsExtensions: true,
  noEmit: true,
});
const checker = program.getTypeChecker();
const i18nKeysOf = createI18nReader(checker);

function docOf(node: ts.Node): string | undefined {
  const symbol = (node as ts.NamedDeclaration).name ? checker.getSymbolAtLocation((node as ts.NamedDeclaration).name!) : undefined;
  const text = symbol ? ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() : '';
  return text || undefined;
}

/** The declaration an identifier refers to, through imports. */
function declarationOf(identifier: ts.Node): ts.Declaration | undefined {
  let symbol = checker.getSymbolAtLocation(identifier);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  return symbol?.declarations?.[0];
}

function attributesOf(schema: ts.Expression): Attribute[] {
  const declaration = ts.isIdentifier(schema) ? declarationOf(schema) : undefined;
  let literal: ts.Expression | undefined = declaration && ts.isVariableDeclaration(declaration) ? declaration.initializer : schema;
  while (literal && (ts.isAsExpression(literal) || ts.isSatisfiesExpression(literal) || ts.isParenthesizedExpression(literal)))
    literal = literal.expression;
  if (!literal || !ts.isObjectLiteralExpression(literal)) return [];
  return literal.properties.filter(ts.isPropertyAssignment).map((property) => {
    const fieldName = property.name.getText();
    const kind = ts.isStringLiteral(property.initializer) ? property.initializer.text : 'string';
    return { name: kebab(fieldName), fieldName, type: SCHEMA_TYPES[kind] ?? 'string', description: docOf(property) };
  });
}

const sourcesIn = (folder: string) => program.getSourceFiles().filter((source) => source.fileName.includes(`/${folder}/`));

/**
 * The events declared in the component's folder. A folder shared by several elements (filters/) keeps each
 * element's events in its own component file: another element's component file is skipped.
 */
function eventsIn(folder: string, otherComponents: ReadonlySet<string>): ElementFacts['events'] {
  const events: ElementFacts['events'] = [];
  for (const source of sourcesIn(folder)) {
    if (otherComponents.has(source.fileName)) continue;
    const visit = (node: ts.Node) => {
      if (ts.isInterfaceDeclaration(node) && node.name.text === 'CivicEventDetails') {
        for (const member of node.members) {
          if (!ts.isPropertySignature(member) || !member.type) continue;
          events.push({
            name: member.name.getText().replace(/^'|'$/g, ''),
            type: `CustomEvent<${member.type.getText()}>`,
            description: docOf(member),
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return events;
}

/** The theme's `:root` values, by property name. */
function themeDefaults(): Map<string, string> {
  const root = /:root\s*\{([^}]*)\}/.exec(readFileSync(THEME_FILE, 'utf8'))?.[1] ?? '';
  return new Map(
    [...root.matchAll(/(--civic-[\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [name, value.trim().replace(/\s+/g, ' ')]),
  );
}

function cssPropertiesIn(folder: string, defaults: ReadonlyMap<string, string>): ElementFacts['cssProperties'] {
  const file = join(folder, 'styles.css');
  if (!existsSync(file)) return [];
  const names = [...new Set([...readFileSync(file, 'utf8').matchAll(/var\((--civic-[\w-]+)/g)].map(([, name]) => name))].sort();
  return names.map((name) => (defaults.has(name) ? { name, default: defaults.get(name) } : { name }));
}

/** The `createCustomElement(tag, Component, schema)` call of an element file, and where its component lives. */
interface ElementCall {
  file: string;
  className: string;
  tag: string;
  schema?: ts.Expression;
  componentSource?: ts.SourceFile;
  folder: string;
}

function elementCallOf(file: string): ElementCall | undefined {
  let call: ElementCall | undefined;
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      node.initializer.expression.getText() === 'createCustomElement'
    ) {
      const [tagArgument, component, schema] = node.initializer.arguments;
      const componentSource = declarationOf(component)?.getSourceFile();
      call = {
        file,
        className: node.name.getText(),
        tag: (tagArgument as ts.StringLiteral).text,
        schema,
        componentSource,
        folder: componentSource ? relative(process.cwd(), dirname(componentSource.fileName)) : '',
      };
    }
    ts.forEachChild(node, visit);
  };
  visit(program.getSourceFile(file)!);
  return call;
}

/**
 * Text for readers of the published package: citations of documents they do not have (the spec's numbered points,
 * issue numbers) are taken out, and a README's relative links are made relative to the package root, where the
 * component READMEs ship at their repository paths. Throws if a citation is left, so the manifest never carries one.
 */
export function forReaders(text: string, readmeFolder: string, where: string): string {
  const points = String.raw`spec points? \d+(?:(?:,| and|, and) \d+)*`;
  const cleaned = text
    .replace(new RegExp(String.raw`\s*\(${points}\)`, 'g'), '')
    .replace(new RegExp(String.raw`\(${points}(?:, |: )`, 'g'), '(')
    .replace(new RegExp(String.raw` (?:of |in )?${points}`, 'g'), '')
    .replace(/; point \d+: /g, '; ')
    .replace(/\]\((?![a-z]+:|#|\/)([^)]+)\)/g, (_link, target: string) => `](${join(readmeFolder, target)})`);
  const left = /\bspec(?:ification)? points?\b|\bpoints? \d+\b|\b(?:issue|defect) #?\d+/i.exec(cleaned);
  if (left) throw new Error(`${where}: "${left[0]}" cites a document readers of the package do not have; reword it.`);
  return cleaned;
}

const I18N_DESCRIPTION =
  'JSON object overriding any of the English strings listed as i18n keys (unknown keys and non-string values are ignored, with a console warning).';
const NO_I18N_DESCRIPTION = 'Accepted as on every element; this element has no strings of its own to override.';

function factsOf(call: ElementCall, componentFiles: readonly string[], defaults: ReadonlyMap<string, string>): ElementFacts {
  const readmeFile = join(call.folder, 'README.md');
  const readme = call.folder && existsSync(readmeFile) ? readFileSync(readmeFile, 'utf8') : '';
  const documented = attributeDescriptions(readme, call.tag);
  const i18n = call.componentSource ? i18nKeysOf(call.componentSource, sourcesIn(call.folder)) : [];
  const otherComponents = new Set(componentFiles.filter((file) => file !== call.componentSource?.fileName));
  const demo = demoMarkup(readme, call.tag);
  const clean = (text: string | undefined, what: string) =>
    text === undefined ? undefined : forReaders(text, call.folder, `<${call.tag}> ${what}`);
  return {
    tag: call.tag,
    className: call.className,
    description: clean(readmeDescription(readme), 'description')!,
    attributes: [
      ...(call.schema ? attributesOf(call.schema) : []).map((attribute) => ({
        ...attribute,
        description: clean(attribute.description ?? documented.get(attribute.name), `${attribute.name} attribute`),
      })),
      { name: 'i18n', fieldName: 'i18n', type: 'object', description: i18n.length > 0 ? I18N_DESCRIPTION : NO_I18N_DESCRIPTION },
    ],
    events: call.folder
      ? eventsIn(call.folder, otherComponents).map((event) => ({ ...event, description: clean(event.description, `${event.name} event`) }))
      : [],
    cssProperties: call.folder ? cssPropertiesIn(call.folder, defaults) : [],
    i18n: i18n.map((key) => (key.description === undefined ? key : { ...key, description: clean(key.description, `i18n ${key.key}`) })),
    ...(demo ? { demo } : {}),
  };
}

/** Every element's facts, read from the source. */
export function collectElements(): ElementFacts[] {
  const calls = elementFiles.map(elementCallOf).filter((call): call is ElementCall => Boolean(call));
  const componentFiles = calls.flatMap((call) => (call.componentSource ? [call.componentSource.fileName] : []));
  const defaults = themeDefaults();
  return calls.map((call) => factsOf(call, componentFiles, defaults));
}

/**
 * The Custom Elements Manifest (schema 2.1), with the custom declaration fields `i18n` and `demo`. Two modules per
 * element, as published: the class module declares and exports the class and `define`; the element's entry
 * registers the tag (the `custom-element-definition`) and re-exports both.
 */
export const toManifest = (elements: ElementFacts[]) => ({
  schemaVersion: '2.1.0',
  readme: 'README.md',
  modules: elements.flatMap((element) => {
    const classModule = classModulePath(element.tag);
    const reference = { name: element.className, module: classModule };
    const defineFunction = {
      kind: 'function',
      name: 'define',
      description: `Registers the element under \`tag\` (\`<${element.tag}>\` by default) unless that tag is taken; registers nothing else.`,
      parameters: [{ name: 'tag', optional: true, type: { text: 'string' }, default: `'${element.tag}'` }],
      return: { type: { text: 'CustomElementConstructor' } },
    };
    return [
      {
        kind: 'javascript-module',
        path: classModule,
        declarations: [
          {
            kind: 'class',
            name: element.className,
            customElement: true,
            tagName: element.tag,
            description: element.description,
            attributes: element.attributes.map(({ name, fieldName, type, description }) => ({
              name,
              fieldName,
              type: { text: type },
              description,
            })),
            members: element.attributes.map(({ fieldName, type, description }) => ({
              kind: 'field',
              name: fieldName,
              type: { text: type },
              description,
            })),
            events: element.events.map(({ name, type, description }) => ({ name, type: { text: type }, description })),
            cssProperties: element.cssProperties,
            slots: [],
            cssParts: [],
            i18n: element.i18n,
            demo: element.demo,
          },
          defineFunction,
        ],
        exports: [
          { kind: 'js', name: element.className, declaration: reference },
          { kind: 'js', name: 'define', declaration: { name: 'define', module: classModule } },
        ],
      },
      {
        kind: 'javascript-module',
        path: definitionModulePath(element.tag),
        declarations: [],
        exports: [
          { kind: 'js', name: element.className, declaration: reference },
          { kind: 'js', name: 'define', declaration: { name: 'define', module: classModule } },
          { kind: 'custom-element-definition', name: element.tag, declaration: reference },
        ],
      },
    ];
  }),
});

/** `declare module 'react'` JSX typings for the kit's tags. */
export const toJsxTypes = (elements: ElementFacts[]) =>
  `// Generated by scripts/manifest.ts: the kit's tags for JSX in React apps.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
// The tags' element types and their events, as for the kit's other entries.
export type {} from './elements/classes/index';

type CivicElementProps<Attributes> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & Partial<Attributes>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${elements
  .map((element) => {
    const attributes = element.attributes
      .map(({ name, type }) => `'${name}': ${type === 'boolean' ? 'boolean | string' : 'string'}`)
      .join('; ');
    return `      '${element.tag}': CivicElementProps<{ ${attributes} }>;`;
  })
  .join('\n')}
    }
  }
}
`;
