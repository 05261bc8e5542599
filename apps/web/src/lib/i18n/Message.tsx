import { type ReactNode, useContext } from 'react';
import { IntlContext, type IntlShape, type MessageDescriptor } from 'react-intl';
import { currentIntl } from './current';

/**
 * The page's messages for a component: the LanguageProvider's, or — where a screen is drawn in a
 * React root of its own (a map popup, a calendar event's node) or a test renders a part alone — the
 * page's current ones, so a part never fails for want of a provider.
 */
export function useIntl(): IntlShape {
  return useContext(IntlContext) ?? currentIntl();
}

type Values = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/** A message in the page's language: `<Message id="board.newJob" />`. */
export function Message({ values, ...descriptor }: MessageDescriptor & { values?: Values }) {
  return <>{useIntl().formatMessage(descriptor, values)}</>;
}
