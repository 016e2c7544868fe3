/**
 * The Custom Elements Manifest (schema 2.1) and the JSX typings for React apps, from the source: each `elements/<tag>.ts` names its component and attribute schema, the
 * component's folder declares its events (`CivicEventDetails`) and styles (the `--civic-*` properties it reads),
 * and its README's first paragraph describes it. `scripts/manifest.ts` writes them (run by `npm run build`).
 *
 * The elements are made by a factory (r2wc), not class declarations, so the stock analyzer cannot see their
 * attributes; the TypeScript compiler API reads the same facts here.
 */
import ts from 'typescript';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

interface Attribute {
  name: string;
  fieldName: string;
  type: string;
  description?: string;
}
export interface ElementFacts {
  tag: string;
  className: string;
  modulePath: string;
  description: string;
  attributes: Attribute[];
  events: { name: string; type: string; description?: string }[];
  cssProperties: string[];
}

const SCHEMA_TYPES: Record<string, string> = { string: 'string', boolean: 'boolean', number: 'number', json: 'object' };
const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

const elementFiles = readdirSync('elements')
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts')
  .sort()
  .map((file) => join('elements', file));
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

function eventsIn(folder: string): ElementFacts['events'] {
  const events: ElementFacts['events'] = [];
  for (const source of program.getSourceFiles()) {
    if (!source.fileName.includes(`/${folder}/`)) continue;
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

function readmeDescription(folder: string): string {
  const readme = join(folder, 'README.md');
  if (!existsSync(readme)) return '';
  const paragraphs = readFileSync(readme, 'utf8').split(/\n\s*\n/);
  const first = paragraphs.find((paragraph) => !paragraph.startsWith('#'));
  return (first ?? '').replace(/\s*\n\s*/g, ' ').trim();
}

function cssPropertiesIn(folder: string): string[] {
  const file = join(folder, 'styles.css');
  if (!existsSync(file)) return [];
  return [...new Set([...readFileSync(file, 'utf8').matchAll(/var\((--civic-[\w-]+)/g)].map(([, name]) => name))].sort();
}

function factsOf(file: string): ElementFacts | undefined {
  const source = program.getSourceFile(file)!;
  let facts: ElementFacts | undefined;
  const visit = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      node.initializer.expression.getText() === 'createCustomElement'
    ) {
      const [tagArgument, component, schema] = node.initializer.arguments;
      const componentFile = declarationOf(component)?.getSourceFile().fileName;
      const folder = componentFile ? relative(process.cwd(), dirname(componentFile)) : '';
      facts = {
        tag: (tagArgument as ts.StringLiteral).text,
        className: node.name.getText(),
        modulePath: file,
        description: readmeDescription(folder),
        attributes: [
          ...(schema ? attributesOf(schema) : []),
          { name: 'i18n', fieldName: 'i18n', type: 'object', description: 'Overrides of the English strings, as JSON (see the README).' },
        ],
        events: eventsIn(folder),
        cssProperties: cssPropertiesIn(folder),
      };
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return facts;
}

/** Every element's facts, read from the source. */
export const collectElements = (): ElementFacts[] => elementFiles.map(factsOf).filter((facts): facts is ElementFacts => Boolean(facts));

/** The Custom Elements Manifest (schema 2.1). */
export const toManifest = (elements: ElementFacts[]) => ({
  schemaVersion: '2.1.0',
  readme: 'README.md',
  modules: elements.map((element) => ({
    kind: 'javascript-module',
    path: element.modulePath,
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
        cssProperties: element.cssProperties.map((name) => ({ name })),
        slots: [],
        cssParts: [],
      },
    ],
    exports: [
      { kind: 'js', name: element.className, declaration: { name: element.className, module: element.modulePath } },
      { kind: 'custom-element-definition', name: element.tag, declaration: { name: element.className, module: element.modulePath } },
    ],
  })),
});

/** `declare module 'react'` JSX typings for the kit's tags. */
export const toJsxTypes = (elements: ElementFacts[]) =>
  `// Generated by scripts/manifest.ts: the kit's tags for JSX in React apps.
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

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
