/**
 * An element's i18n keys with their English defaults, read from the messages object its component passes to
 * `useMessages` (TypeScript compiler API): object literals, spreads of other objects (imported or not; a later
 * key overrides an earlier one, in the earlier one's place, as in JavaScript), values that are string literals
 * or constants of a literal type, nested objects flattened to `a.b`.
 */
import ts from 'typescript';

export interface I18nKey {
  key: string;
  default: string;
  /** The key's JSDoc, if any. */
  description?: string;
}

/** Spreads and constants are followed this deep at most (a cycle cannot hang the build). */
const MAX_DEPTH = 8;

function unwrap(expression: ts.Expression): ts.Expression {
  let inner = expression;
  while (ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner) || ts.isParenthesizedExpression(inner)) inner = inner.expression;
  return inner;
}

function propertyKey(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : undefined;
}

export function createI18nReader(checker: ts.TypeChecker) {
  /** The object literal an expression is, or names through a `const` (across imports). */
  function objectLiteralOf(expression: ts.Expression): ts.ObjectLiteralExpression | undefined {
    let current = unwrap(expression);
    for (let depth = 0; depth < MAX_DEPTH && ts.isIdentifier(current); depth++) {
      let symbol = checker.getSymbolAtLocation(current);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const declaration = symbol?.declarations?.[0];
      if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
      current = unwrap(declaration.initializer);
    }
    return ts.isObjectLiteralExpression(current) ? current : undefined;
  }

  function stringValue(expression: ts.Expression): string | undefined {
    const inner = unwrap(expression);
    if (ts.isStringLiteralLike(inner)) return inner.text;
    const type = checker.getTypeAtLocation(inner);
    return type.isStringLiteral() ? type.value : undefined;
  }

  function documentation(property: ts.ObjectLiteralElementLike): string | undefined {
    const symbol = checker.getSymbolAtLocation(property.name!);
    const text = symbol ? ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim() : '';
    return text || undefined;
  }

  function collect(literal: ts.ObjectLiteralExpression, prefix: string, keys: Map<string, I18nKey>, depth: number) {
    if (depth > MAX_DEPTH) return;
    for (const property of literal.properties) {
      if (ts.isSpreadAssignment(property)) {
        const spread = objectLiteralOf(property.expression);
        if (spread) collect(spread, prefix, keys, depth + 1);
        continue;
      }
      if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) continue;
      const name = propertyKey(property.name);
      if (name === undefined) continue;
      const key = `${prefix}${name}`;
      const value = ts.isPropertyAssignment(property) ? property.initializer : property.name;
      const nested = objectLiteralOf(value);
      if (nested) {
        collect(nested, `${key}.`, keys, depth + 1);
        continue;
      }
      const text = stringValue(value);
      if (text === undefined) continue;
      // An override without JSDoc keeps the description of the key it overrides.
      keys.set(key, { key, default: text, description: documentation(property) ?? keys.get(key)?.description });
    }
  }

  /** The keys of a messages object (the expression passed to `useMessages`), in the order JavaScript gives them. */
  function keysOf(messages: ts.Expression): I18nKey[] {
    const literal = objectLiteralOf(messages);
    const keys = new Map<string, I18nKey>();
    if (literal) collect(literal, '', keys, 0);
    return [...keys.values()].map(({ key, default: text, description }) =>
      description ? { key, default: text, description } : { key, default: text },
    );
  }

  /** The first argument of the component file's `useMessages(...)` call. */
  function messagesArgument(source: ts.SourceFile): ts.Expression | undefined {
    let found: ts.Expression | undefined;
    const visit = (node: ts.Node) => {
      if (found) return;
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'useMessages')
        found = node.arguments[0];
      else ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  }

  /** The single exported `...Messages` object of the folder's files, for a component that calls no `useMessages`. */
  function folderMessages(sources: readonly ts.SourceFile[]): ts.Expression | undefined {
    const candidates: ts.Expression[] = [];
    for (const source of sources) {
      for (const statement of source.statements) {
        if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword))
          continue;
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.name.text.endsWith('Messages') && declaration.initializer)
            candidates.push(declaration.initializer);
        }
      }
    }
    return candidates.length === 1 ? candidates[0] : undefined;
  }

  /** The element's keys: from its component's `useMessages` call, else from its folder's one messages object. */
  return (component: ts.SourceFile, folderSources: readonly ts.SourceFile[]): I18nKey[] => {
    const messages = messagesArgument(component) ?? folderMessages(folderSources);
    return messages ? keysOf(messages) : [];
  };
}
