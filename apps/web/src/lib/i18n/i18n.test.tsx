import { act, render, screen, waitFor } from '@testing-library/react';
import { FormattedMessage } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  chooseLocale,
  currentLocale,
  LanguageProvider,
  Message,
  messagesFor,
  storedLanguage,
  t,
  useIntl,
  useMessages,
  useSetLanguage,
  WithMessages,
} from '.';
import { frameParts, partOf } from './catalogs';
import germanFrame from './messages/de';
import germanBooking from './messages/de/booking.json';
import germanJobs from './messages/de/jobs.json';

const german: Record<string, string> = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<Record<string, string>>('./messages/de/*.json', { eager: true, import: 'default' }),
  ),
);

const browserLanguages = (languages: string[]) => vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.lang = '';
});

describe('the page’s language', () => {
  it('is ?lang= first, then the user’s choice, then the browser’s best shipped match', () => {
    browserLanguages(['fr-FR', 'de-AT', 'en']);
    expect(chooseLocale(null, '')).toBe('de');
    expect(chooseLocale('en', '')).toBe('en');
    expect(chooseLocale('en', '?lang=de')).toBe('de');
    expect(chooseLocale('xx', '?lang=fr')).toBe('de');
    browserLanguages(['fr-FR']);
    expect(chooseLocale(null, '')).toBe('en');
  });

  it('is the pseudo-locale only when the address asks for it: never a wish, never negotiated', () => {
    browserLanguages(['en-XA', 'en']);
    expect(chooseLocale(null, '?lang=en-XA')).toBe('en-XA');
    expect(chooseLocale('de', '?lang=en-XA')).toBe('en-XA');
    expect(chooseLocale('en-XA', '')).toBe('en');
    expect(chooseLocale(null, '')).toBe('en');
  });

  it('loads a translated catalog part by part, on demand, and none for English', async () => {
    expect(await messagesFor('en', ['jobs'])).toEqual({});
    const messages = await messagesFor('de', ['jobs']);
    expect(messages).toMatchObject(germanJobs);
    expect(Object.keys(messages).some((id) => id.startsWith('booking.'))).toBe(false);
    expect(await messagesFor('de', ['booking'])).toMatchObject({ ...germanJobs, ...germanBooking });
    expect(Object.keys(german).length).toBeGreaterThan(Object.keys(messages).length);
  });

  it('bundles exactly the frame’s parts in a language’s frame chunk', () => {
    const inFrame = Object.fromEntries(Object.entries(german).filter(([id]) => frameParts.includes(partOf(id))));
    expect(germanFrame).toEqual(inFrame);
  });

  it('finds every German message in the part its id names (a page fetches that part to show it)', () => {
    const parts = import.meta.glob<Record<string, string>>('./messages/de/*.json', { eager: true, import: 'default' });
    const misplaced = Object.entries(parts).flatMap(([file, messages]) =>
      Object.keys(messages).filter((id) => `./messages/de/${partOf(id)}.json` !== file),
    );
    expect(misplaced).toEqual([]);
  });

  it('names each message’s part after its file', () => {
    expect(partOf('myDay.title')).toBe('my-day');
    expect(partOf('workRecord.x')).toBe('work-record');
    expect(partOf('format.x')).toBe('lib');
  });
});

describe('LanguageProvider', () => {
  it('shows English, sets lang and dir, and gives plain code the same language', async () => {
    render(
      <LanguageProvider wish="en">
        <FormattedMessage
          id="test.visits"
          defaultMessage="{count, plural, one {# visit} other {# visits}}"
          values={{ count: 3 }}
        />
      </LanguageProvider>,
    );
    expect(screen.getByText('3 visits')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(currentLocale()).toBe('en');
    expect(t({ id: 'test.one', defaultMessage: '{count, plural, one {# visit} other {# visits}}' }, { count: 1 })).toBe(
      '1 visit',
    );
  });

  it('in German, shows English for a message the catalog lacks and tells of it once', async () => {
    const onMissing = vi.fn();
    const { rerender } = render(
      <LanguageProvider wish="de" onMissing={onMissing}>
        <FormattedMessage id="test.absent" defaultMessage="Only in English" />
      </LanguageProvider>,
    );
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    expect(screen.getByText('Only in English')).toBeInTheDocument();
    rerender(
      <LanguageProvider wish="de" onMissing={onMissing}>
        <FormattedMessage id="test.absent" defaultMessage="Only in English" />
        <FormattedMessage id="test.absent" defaultMessage="Only in English" />
      </LanguageProvider>,
    );
    expect(onMissing).toHaveBeenCalledTimes(1);
    expect(onMissing).toHaveBeenCalledWith('test.absent', 'de');
    expect(currentLocale()).toBe('de');
  });

  it('draws a screen once its part of the language is here, never its English first', async () => {
    const [id, german] = Object.entries((await import('./messages/de/feeds.json')).default)[0] ?? ['', ''];
    const shown: string[] = [];
    function Screen() {
      useMessages(['feeds']);
      const text = useIntl().formatMessage({ id, defaultMessage: 'English' });
      shown.push(text);
      return <p>{text}</p>;
    }
    const onMissing = vi.fn();
    render(
      <LanguageProvider wish="de" onMissing={onMissing}>
        <WithMessages parts={['feeds']} fallback={<p>loading</p>}>
          <Screen />
        </WithMessages>
      </LanguageProvider>,
    );
    expect(await screen.findByText(german)).toBeInTheDocument();
    expect(shown).not.toContain('English');
    expect(onMissing).not.toHaveBeenCalled();
  });

  it('fetches a part a screen shows without asking for it, and does not report its messages as missing', async () => {
    const [id, german] = Object.entries((await import('./messages/de/import.json')).default)[0] ?? ['', ''];
    const onMissing = vi.fn();
    render(
      <LanguageProvider wish="de" onMissing={onMissing}>
        <Message id={id} defaultMessage="English" />
      </LanguageProvider>,
    );
    expect(await screen.findByText(german)).toBeInTheDocument();
    expect(onMissing).not.toHaveBeenCalled();
  });

  it('falls back to English when a catalog cannot be fetched', async () => {
    browserLanguages(['de']);
    const catalogs = await import('./catalogs');
    vi.spyOn(catalogs, 'hasParts').mockReturnValue(false);
    vi.spyOn(catalogs, 'loadParts').mockRejectedValue(new Error('offline'));
    render(
      <LanguageProvider wish={null}>
        <FormattedMessage id="test.offline" defaultMessage="Still here" />
      </LanguageProvider>,
    );
    expect(await screen.findByText('Still here')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('changes language when told, and remembers it for the next page in this browser', async () => {
    let setLanguage: (wish: string | null) => void = () => {};
    function Picker() {
      setLanguage = useSetLanguage();
      return null;
    }
    browserLanguages(['en']);
    render(
      <LanguageProvider wish={null}>
        <Picker />
      </LanguageProvider>,
    );
    expect(document.documentElement.lang).toBe('en');
    act(() => setLanguage('de'));
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    expect(storedLanguage()).toBe('de');
    act(() => setLanguage(null));
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(storedLanguage()).toBeNull();
  });
});

describe('Message', () => {
  it('draws in the page’s language even where no provider is above it (a popup’s own React root)', () => {
    render(
      <Message id="test.alone" defaultMessage="{n, plural, one {# job} other {# jobs}} today" values={{ n: 2 }} />,
    );
    expect(screen.getByText('2 jobs today')).toBeInTheDocument();
  });
});
