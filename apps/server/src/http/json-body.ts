import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { defineMessages } from '../i18n/index.js';
import { text as catalogText } from './problem-text.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  deep: { id: 'problems.detail.nestsTooDeep' },
});

/** How deep a request body may nest objects and arrays; no form or API body comes near it. */
export const maxJsonDepth = 64;

const openBrace = 0x7b; // {
const openBracket = 0x5b; // [
const closeBrace = 0x7d; // }
const closeBracket = 0x5d; // ]
const quote = 0x22; // "
const backslash = 0x5c; // \

/**
 * Whether `text` (JSON or not) opens more than `limit` objects/arrays inside one another, counting
 * brackets outside strings only. One linear pass with no recursion, so an 8,000-deep body costs
 * microseconds here instead of a deep JSON.parse plus recursive validation.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === backslash) i += 1;
      else if (c === quote) inString = false;
    } else if (c === quote) inString = true;
    else if (c === openBrace || c === openBracket) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === closeBrace || c === closeBracket) depth -= 1;
  }
  return false;
}

/**
 * Replaces the JSON body parser with one that first refuses bodies nesting deeper than
 * `maxJsonDepth` (400), then parses as Fastify does (prototype poisoning refused).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, maxJsonDepth)) {
      done(new AppError('validation_failed', catalogText(refusals.deep, { depth: String(maxJsonDepth) })), undefined);
      return;
    }
    parse(request, text, done);
  });
}
