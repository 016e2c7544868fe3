/** Text compared without case, accents or repeated spaces: "Māori" matches "maori". */
export function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether every word of the query appears in the text (in any order); an empty query matches everything. */
export function matchesQuery(text: string, query: string): boolean {
  const words = normaliseText(query).split(' ').filter(Boolean);
  const haystack = normaliseText(text);
  return words.every((word) => haystack.includes(word));
}
