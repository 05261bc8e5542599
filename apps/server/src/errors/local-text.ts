import type { IntlShape } from '@formatjs/intl';

// An error's words in the caller's language (docs/PRODUCT.md, "Error catalogue"): a problem or a field
// error may carry, beside its English, a text that http/problem.ts formats in the request's language.

/**
 * A text formatted in a language when the problem is sent; `english`, when it has one, is its English
 * (an error's own message, for logs and for what stores it).
 */
export type LocalText = ((intl: IntlShape) => string) & { readonly english?: string };

/** Where a problem or a field error keeps its LocalText; a symbol, so JSON never carries it. */
export const localText = Symbol('localText');

export type Texted<T> = T & { [localText]?: LocalText };

/** `value` carrying `text` for other languages (its own English stays as it is). */
export function texted<T extends object>(value: T, text: LocalText): Texted<T> {
  const carrier: Texted<T> = value;
  carrier[localText] = text;
  return carrier;
}
