import type { LocalText } from '../errors/local-text.js';
import { defineMessages } from '../i18n/index.js';

// A recurrence rule's problem in the caller's language (docs/PRODUCT.md, "Error catalogue"). The shared
// rule parser words its problems in English only; each of its sentences is told apart here by its
// English and said again from the catalog with the same parts (a rule's keys and values as written).

const ruleTexts = defineMessages({
  empty: { id: 'problems.recurrence.empty' },
  keyValue: { id: 'problems.recurrence.keyValue' },
  unsupported: { id: 'problems.recurrence.unsupported' },
  twice: { id: 'problems.recurrence.twice' },
  noValue: { id: 'problems.recurrence.noValue' },
  freq: { id: 'problems.recurrence.freq' },
  interval: { id: 'problems.recurrence.interval' },
  byDay: { id: 'problems.recurrence.byDay' },
  byDayNumber: { id: 'problems.recurrence.byDayNumber' },
  byDayRange: { id: 'problems.recurrence.byDayRange' },
  wholeNumbers: { id: 'problems.recurrence.wholeNumbers' },
  wholeNumbersNegative: { id: 'problems.recurrence.wholeNumbersNegative' },
  monthDayWeekly: { id: 'problems.recurrence.monthDayWeekly' },
  countOrUntil: { id: 'problems.recurrence.countOrUntil' },
  count: { id: 'problems.recurrence.count' },
  untilFormat: { id: 'problems.recurrence.untilFormat' },
  mustEnd: { id: 'problems.recurrence.mustEnd' },
  weekStart: { id: 'problems.recurrence.weekStart' },
  neverFalls: { id: 'problems.recurrence.neverFalls' },
  untilBeforeStart: { id: 'problems.recurrence.untilBeforeStart' },
  untilTooLate: { id: 'problems.recurrence.untilTooLate' },
  startNotOccurrence: { id: 'problems.recurrence.startNotOccurrence' },
});

type RuleText = keyof typeof ruleTexts;

/** Each English sentence of the parser, its message, and the names of the parts it captures. */
const sentences: [RegExp, RuleText, string[]][] = [
  [/^Recurrence rule is empty$/, 'empty', []],
  [/^Recurrence rule part "(.*)" must look like KEY=VALUE$/, 'keyValue', ['part']],
  [/^Recurrence rule part (\S+) is not supported \(use (.*)\)$/, 'unsupported', ['key', 'keys']],
  [/^Recurrence rule gives (\S+) twice$/, 'twice', ['key']],
  [/^Recurrence rule part (\S+) has no value$/, 'noValue', ['key']],
  [/^Recurrence rule needs FREQ=DAILY, WEEKLY, MONTHLY or YEARLY$/, 'freq', []],
  [/^INTERVAL must be a whole number from 1 to (\d+)$/, 'interval', ['max']],
  [/^BYDAY value "(.*)" must be a weekday like MO or, monthly, 2TU or -1FR$/, 'byDay', ['value']],
  [/^BYDAY "(.*)" with a number is only for monthly or yearly rules$/, 'byDayNumber', ['value']],
  [/^BYDAY "(.*)": the number must be 1 to (\d+) or -1 to -\d+$/, 'byDayRange', ['value', 'max']],
  [
    /^(\S+) values must be whole numbers from (\d+) to (\d+) \(or negative\)$/,
    'wholeNumbersNegative',
    ['key', 'min', 'max'],
  ],
  [/^(\S+) values must be whole numbers from (\d+) to (\d+)$/, 'wholeNumbers', ['key', 'min', 'max']],
  [/^BYMONTHDAY is not allowed in a weekly rule$/, 'monthDayWeekly', []],
  [/^Use COUNT or UNTIL, not both$/, 'countOrUntil', []],
  [/^COUNT must be between 1 and (\d+) occurrences$/, 'count', ['max']],
  [/^UNTIL must be a date like 20261231 or a UTC time like 20261231T235959Z$/, 'untilFormat', []],
  [/^Recurrence must end: add COUNT \(1–(\d+)\) or UNTIL \(within (\d+) years\)$/, 'mustEnd', ['max', 'years']],
  [/^WKST must be a weekday like MO$/, 'weekStart', []],
  [/^BYMONTHDAY never falls in the chosen BYMONTH, so the rule has no occurrences$/, 'neverFalls', []],
  [/^UNTIL must not be before the start$/, 'untilBeforeStart', []],
  [/^UNTIL must be at most (\d+) years after the start$/, 'untilTooLate', ['years']],
  [/^The start must be one of the occurrences of the recurrence rule$/, 'startNotOccurrence', []],
];

/** A recurrence rule's problem, by its English, as a text of the catalog; undefined for any other. */
export function recurrenceText(english: string): LocalText | undefined {
  for (const [pattern, message, names] of sentences) {
    const match = pattern.exec(english);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? '']));
    return (intl) => intl.formatMessage(ruleTexts[message], values);
  }
  return undefined;
}
