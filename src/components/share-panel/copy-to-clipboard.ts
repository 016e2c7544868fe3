/**
 * Writes text to the clipboard. Resolves false instead of throwing when the Clipboard API is missing
 * (an http page, an old browser) or refuses (no permission, document not focused).
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  if (typeof navigator === 'undefined' || typeof navigator.clipboard?.writeText !== 'function') return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
