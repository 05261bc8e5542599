import { describe, expect, it } from 'vitest';
import { argumentsOf, negotiateLocale, pseudoMessage, pseudoText, translationProblem } from './index.js';

describe('negotiateLocale', () => {
  it.each([
    ['de-AT,de;q=0.9,en;q=0.8', 'de'],
    ['de-Latn-CH', 'de'],
    ['fr', 'en'],
    ['fr-FR,fr;q=0.9,de;q=0.5', 'de'],
    ['en;q=0.2,de;q=0.8', 'de'],
    ['de;q=0,en', 'en'],
    ['*', 'en'],
    ['', 'en'],
    ['dé,;;q=x,12', 'en'],
    ['DE', 'de'],
  ])('Accept-Language %j → %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });

  it('takes a browser’s list in its order, and nothing at all as English', () => {
    expect(negotiateLocale(['fr-FR', 'de-DE', 'en-US'])).toBe('de');
    expect(negotiateLocale(['en-GB', 'de'])).toBe('en');
    expect(negotiateLocale([])).toBe('en');
    expect(negotiateLocale(null)).toBe('en');
    expect(negotiateLocale(undefined)).toBe('en');
  });
});

describe('a translation keeps its message’s arguments', () => {
  const source = '{count, plural, one {# visit} other {# visits}} for {name} on <b>{day}</b>';

  it('names every argument, in plurals and tags too', () => {
    expect([...argumentsOf(source)].sort()).toEqual(['<b>', 'count', 'day', 'name']);
  });

  it('accepts a translation with the same arguments in another order', () => {
    expect(
      translationProblem(source, 'Für {name} am <b>{day}</b>: {count, plural, one {# Einsatz} other {# Einsätze}}'),
    ).toBeNull();
  });

  it('refuses one that drops an argument, naming it', () => {
    expect(translationProblem(source, '{count, plural, one {# Einsatz} other {# Einsätze}} am <b>{day}</b>')).toEqual({
      kind: 'missing',
      names: ['name'],
    });
  });

  it('refuses one that asks for an argument the message never gets', () => {
    expect(translationProblem('Hello {name}', 'Hallo {name} {firma}')).toEqual({ kind: 'unknown', names: ['firma'] });
  });

  it('refuses one that does not parse, saying why', () => {
    const problem = translationProblem('Hello {name}', 'Hallo {name');
    expect(problem?.kind).toBe('syntax');
  });
});

describe('the pseudo-locale', () => {
  it('accents letters and lengthens text by about 40 %', () => {
    const text = 'Create a job for tomorrow';
    const pseudo = pseudoText(text);
    expect(pseudo).not.toMatch(/[a-z]/);
    const letters = (s: string) => [...s].filter((c) => /\p{L}/u.test(c) || c === '~').length;
    expect(letters(pseudo) / letters(text)).toBeGreaterThanOrEqual(1.35);
    expect(letters(pseudo) / letters(text)).toBeLessThanOrEqual(1.45);
  });

  it('keeps arguments, plural keywords and tags as they are', () => {
    const message = 'Hello {name}, {count, plural, one {# visit} other {# visits}} <b>today</b>';
    const pseudo = pseudoMessage(message);
    expect(translationProblem(message, pseudo)).toBeNull();
    expect(pseudo).toContain('{name}');
    expect(pseudo).toMatch(/one\s*\{# /);
    expect(pseudo).not.toContain('visit');
  });
});
