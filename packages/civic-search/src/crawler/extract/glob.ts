/**
 * Path globs for configuration rules: `*` matches within one path segment, `**` across segments (slashes too),
 * `?` one character other than a slash; everything else matches itself. "/news/**" matches "/news/" and every
 * page below it; "/services/*\/fees" matches "/services/dogs/fees". Matching walks the pattern and path together,
 * keeping the set of positions still possible, so no pattern can take more than (pattern × path) steps: a glob
 * never turns into a backtracking regular expression.
 */

type Token = { kind: 'literal'; char: string } | { kind: 'star' } | { kind: 'globstar' } | { kind: 'any' };

function tokenise(pattern: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === '*' && pattern[i + 1] === '*') {
      tokens.push({ kind: 'globstar' });
      while (pattern[i + 1] === '*') i += 1;
    } else if (char === '*') tokens.push({ kind: 'star' });
    else if (char === '?') tokens.push({ kind: 'any' });
    else tokens.push({ kind: 'literal', char });
  }
  return tokens;
}

export type PathMatcher = (path: string) => boolean;

export function compileGlob(pattern: string): PathMatcher {
  const tokens = tokenise(pattern);
  return (path: string) => {
    // possible[t]: the pattern's first t tokens can match the path read so far.
    let possible = new Uint8Array(tokens.length + 1);
    possible[0] = 1;
    const closeStars = (states: Uint8Array) => {
      for (let t = 0; t < tokens.length; t += 1) if (states[t] && tokens[t].kind !== 'literal' && tokens[t].kind !== 'any') states[t + 1] = 1;
    };
    closeStars(possible);
    for (const char of path) {
      const next = new Uint8Array(tokens.length + 1);
      for (let t = 0; t < tokens.length; t += 1) {
        if (!possible[t]) continue;
        const token = tokens[t];
        if (token.kind === 'literal') {
          if (token.char === char) next[t + 1] = 1;
        } else if (token.kind === 'any') {
          if (char !== '/') next[t + 1] = 1;
        } else if (token.kind === 'globstar' || char !== '/') next[t] = 1;
      }
      closeStars(next);
      possible = next;
    }
    return possible[tokens.length] === 1;
  };
}
