import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

// The pseudo-locale (docs/adr/0042-languages.md): every letter accented and the text lengthened by
// 40 %, arguments and ICU syntax untouched — a screen that clips, overlaps or shows an untranslated
// string is seen in English development, before a translator finds it.

const accented: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** How much longer pseudo text is than its source. */
export const pseudoLengthening = 0.4;

/** One run of literal text, accented, with its vowels doubled until it is 40 % longer. */
export function pseudoText(text: string): string {
  const letters = [...text].filter((c) => /\p{L}/u.test(c)).length;
  let extra = Math.round(letters * pseudoLengthening);
  let out = '';
  for (const c of text) {
    const mark = accented[c] ?? c;
    out += mark;
    if (extra > 0 && /[aeiouyAEIOUY]/.test(c)) {
      out += mark;
      extra -= 1;
    }
  }
  // Text with few vowels ("Sync") makes up the rest at its end, still one word.
  return extra > 0 && letters > 0 ? out + '~'.repeat(extra) : out;
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([key, option]) => [
          key,
          { ...option, value: pseudoElements(option.value) },
        ]),
      );
      return { ...element, options };
    }
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

/** A whole ICU message in the pseudo-locale: literals changed, arguments, plurals and tags kept. */
export function pseudoMessage(message: string): string {
  return printAST(pseudoElements(parse(message)));
}
