import { z } from 'zod';

/** How the workspace writes a time of day: "19:55" or "7:55 PM". */
export const timeFormats = ['24h', '12h'] as const;
export type TimeFormat = (typeof timeFormats)[number];

/** The order of a date's parts: "26 Nov 2026", "Nov 26, 2026" or "2026-11-26". */
export const dateFormats = ['dmy', 'mdy', 'ymd'] as const;
export type DateFormat = (typeof dateFormats)[number];

export const timeFormatField = z.enum(timeFormats, { error: 'Time format must be 24h or 12h' });
export const dateFormatField = z.enum(dateFormats, { error: 'Date format must be dmy, mdy or ymd' });

/** What every time and date on screen is written with: the workspace's zone and formats. */
export interface ClockSettings {
  timeZone: string;
  timeFormat: TimeFormat;
  dateFormat: DateFormat;
  weekStart: number;
}

/** The formats a new workspace starts with when its owner's locale is unknown. */
export const defaultClock = { timeFormat: '24h', dateFormat: 'dmy', weekStart: 1 } as const satisfies Omit<
  ClockSettings,
  'timeZone'
>;

/** A BCP 47 tag as a browser sends it ("en-US", "de"); anything else is ignored. */
export const localeField = z
  .string()
  .max(35)
  .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/, { error: 'Locale must be a language tag like en-US' });

interface WeekInfoLocale extends Intl.Locale {
  weekInfo?: { firstDay: number };
  getWeekInfo?: () => { firstDay: number };
}

function firstDayOf(locale: Intl.Locale): number | undefined {
  const l = locale as WeekInfoLocale;
  const day = l.getWeekInfo?.().firstDay ?? l.weekInfo?.firstDay;
  // Intl counts 1 = Monday … 7 = Sunday; the workspace 0 = Sunday … 6.
  return day === undefined ? undefined : day % 7;
}

/**
 * The formats a locale writes times and dates with: en-US → 12 h, month first, weeks from Sunday;
 * de-DE → 24 h, day first, weeks from Monday. An unknown or malformed locale gives the defaults.
 */
export function clockDefaultsOf(locale: string | undefined): Omit<ClockSettings, 'timeZone'> {
  if (!locale || !localeField.safeParse(locale).success) return { ...defaultClock };
  try {
    const tag = new Intl.Locale(locale);
    const hourCycle = new Intl.DateTimeFormat(tag.toString(), { hour: 'numeric' }).resolvedOptions().hourCycle;
    const order = new Intl.DateTimeFormat(tag.toString(), { year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(Date.UTC(2026, 10, 26))
      .filter((p) => p.type === 'day' || p.type === 'month' || p.type === 'year')
      .map((p) => p.type[0])
      .join('');
    return {
      timeFormat: hourCycle === 'h11' || hourCycle === 'h12' ? '12h' : '24h',
      dateFormat: (dateFormats as readonly string[]).includes(order) ? (order as DateFormat) : defaultClock.dateFormat,
      weekStart: firstDayOf(tag) ?? defaultClock.weekStart,
    };
  } catch {
    return { ...defaultClock };
  }
}

/** The first language of an Accept-Language header ("de-DE,de;q=0.9" → "de-DE"), if any. */
export function firstAcceptedLanguage(header: string | undefined): string | undefined {
  const first = header?.split(',')[0]?.split(';')[0]?.trim();
  return first && first !== '*' ? first : undefined;
}
