import { type Clock, type ClockSettings, defaultClock } from '@fieldplan/shared';
import { createContext, useContext } from 'react';
import { currentLocale } from './i18n/current';

/** How the open workspace writes times and dates (its Settings); the zone comes with each call. */
export type ClockFormats = Omit<ClockSettings, 'timeZone'>;

// The one place the formats live for plain functions (format-time, feed lists…): the workspace
// layout sets them while it renders, before any screen below it formats a time.
let current: ClockFormats = { ...defaultClock };

export function setClockFormats(formats: ClockFormats): void {
  current = formats;
}

/** The open workspace's formats in a zone, in the page's language: what every time on screen is written with. */
export function clockIn(timeZone: string): Clock {
  return { timeZone, timeFormat: current.timeFormat, dateFormat: current.dateFormat, language: currentLocale() };
}

/** The formats for components that must re-render when they change (FullCalendar's options). */
export const ClockContext = createContext<ClockFormats>(defaultClock);
export const useClockFormats = (): ClockFormats => useContext(ClockContext);

/** The browser's own zone, for instants not tied to the workspace (an invitation's expiry). */
export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
