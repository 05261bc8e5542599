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
  useSetLanguage,
} from '.';
import german from './messages/de';

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

  it('loads a translated catalog on demand and none for English', async () => {
    expect(await messagesFor('en')).toEqual({});
    expect(await messagesFor('de')).toEqual(german);
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

  it('falls back to English when a catalog cannot be fetched', async () => {
    browserLanguages(['de']);
    vi.spyOn(await import('./catalogs'), 'messagesFor').mockRejectedValue(new Error('offline'));
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
