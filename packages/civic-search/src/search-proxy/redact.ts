/** The text with every secret replaced, for logs and messages: a private key never leaves the server. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((clean, secret) => (secret ? clean.split(secret).join('[redacted]') : clean), text);
}
