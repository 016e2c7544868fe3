import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A console session acts as the key it was signed in with, so the process serving a request must have that key;
 * the store must not. The key is sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the session id, which
 * only the visitor's cookie holds, and bound to the session's record: the stored text opens only with that cookie.
 */
const INFO = 'civic-search console session key';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const sealingKey = (sessionId: string) => Buffer.from(hkdfSync('sha256', sessionId, '', INFO, 32));

export function sealKey(key: string, sessionId: string, recordId: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(sessionId), iv);
  cipher.setAAD(Buffer.from(recordId, 'utf8'));
  const sealed = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The key a sealed text holds, or undefined when it does not open with this session id and record. */
export function openSealedKey(sealed: string, sessionId: string, recordId: string): string | undefined {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(sessionId), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(recordId, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
