/**
 * Text from a request (a path, a header, an error's message built from them) written to the server log.
 * Every control character is escaped (`\r`, `\n`, `\u001b`...), so one event is one line: a visitor cannot
 * start a forged log line, or send terminal escape codes to whoever reads the log.
 */
export function logText(value: string): string {
  return value.replace(/\p{Cc}/gu, (char) => {
    if (char === '\n') return '\\n';
    if (char === '\r') return '\\r';
    if (char === '\t') return '\\t';
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
