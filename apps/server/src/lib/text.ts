/** Lower case, accents and ß folded, whitespace collapsed: how names are sorted and searched. */
export function normalizeText(value: string): string {
  // Printable ASCII has no accents, ß or whitespace but the space: the same result without NFKD and
  // the regular expressions (the places search folds every customer row it shows).
  if (/^[\x20-\x7e]*$/.test(value)) return value.toLowerCase().replace(/ {2,}/g, ' ').trim();
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
