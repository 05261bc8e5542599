import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';

// What a translation must keep of its English message (docs/adr/0042-languages.md): every argument
// ({name}, {count, plural, …}, <b>…</b>), so that a template whose translation drops one is refused.

/** The arguments a message uses, by name (tags included, as `<tag>`); a message that does not parse throws. */
export function argumentsOf(message: string): Set<string> {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          names.add(element.value);
          break;
        case TYPE.plural:
        case TYPE.select:
          names.add(element.value);
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.tag:
          names.add(`<${element.value}>`);
          walk(element.children);
          break;
        default:
          break;
      }
    }
  };
  walk(parse(message));
  return names;
}

export type TranslationProblem =
  | { kind: 'syntax'; message: string }
  | { kind: 'missing'; names: string[] }
  | { kind: 'unknown'; names: string[] };

/**
 * Why a translation can't stand for its source, or null when it can: it does not parse, it drops an
 * argument of the source (`missing`), or it uses one the source never passes (`unknown`).
 */
export function translationProblem(source: string, translation: string): TranslationProblem | null {
  let wanted: Set<string>;
  let given: Set<string>;
  try {
    wanted = argumentsOf(source);
  } catch (error) {
    return { kind: 'syntax', message: `the source does not parse: ${(error as Error).message}` };
  }
  try {
    given = argumentsOf(translation);
  } catch (error) {
    return { kind: 'syntax', message: (error as Error).message };
  }
  const missing = [...wanted].filter((name) => !given.has(name));
  if (missing.length > 0) return { kind: 'missing', names: missing };
  const unknown = [...given].filter((name) => !wanted.has(name));
  if (unknown.length > 0) return { kind: 'unknown', names: unknown };
  return null;
}
