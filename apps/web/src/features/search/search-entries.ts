import type { Customer, Job, Member } from '@fieldplan/shared';
import type { IntlShape } from 'react-intl';
import { currentIntl } from '../../lib/i18n';
import type { SearchEntry } from './search-index';

export type Findable = SearchEntry & { found?: string };

export interface SearchSources {
  jobs: readonly Pick<Job, 'id' | 'title' | 'customerName' | 'address' | 'status'>[];
  customers: readonly Pick<Customer, 'id' | 'name' | 'address' | 'phone' | 'email'>[];
  members: readonly Pick<Member, 'id' | 'name' | 'email' | 'role' | 'active'>[];
  screens: readonly { label: string; href: string }[];
}

/** The words the palette writes beside what it finds. */
export interface SearchWords {
  screen: string;
  technicianJobs: string;
}

/** The palette's words in `intl`'s language (the page's, unless told). */
export function searchWords(intl: Pick<IntlShape, 'formatMessage'> = currentIntl()): SearchWords {
  return {
    screen: intl.formatMessage({ id: 'search.detail.screen' }),
    technicianJobs: intl.formatMessage({ id: 'search.detail.technicianJobs' }),
  };
}

/**
 * What the palette finds, from what the app holds: jobs by title, customer and address; customers by
 * name, address, phone and e-mail; each distinct address once; active technicians; the screens.
 */
export function searchEntries(base: string, sources: SearchSources, words = searchWords()): Findable[] {
  const entries: Findable[] = sources.screens.map((s) => ({
    kind: 'screen',
    id: s.href,
    label: s.label,
    detail: words.screen,
    href: s.href,
  }));
  const addresses = new Set<string>();
  const address = (text: string, detail: string, href: string) => {
    const key = text.trim().toLowerCase();
    if (!key || addresses.has(key)) return;
    addresses.add(key);
    entries.push({ kind: 'address', id: `address:${key}`, label: text.trim(), detail, href });
  };
  for (const c of sources.customers) {
    const href = `${base}/customers/${encodeURIComponent(c.id)}`;
    entries.push({
      kind: 'customer',
      id: c.id,
      label: c.name,
      detail: c.address,
      href,
      found: `${c.address} ${c.phone ?? ''} ${c.email ?? ''}`,
    });
    address(c.address, c.name, href);
  }
  for (const j of sources.jobs) {
    const href = `${base}/jobs/${encodeURIComponent(j.id)}`;
    const detail = [j.customerName, j.address].filter(Boolean).join(' · ');
    entries.push({ kind: 'job', id: j.id, label: j.title, detail, href, found: detail });
    address(j.address, j.title, href);
  }
  for (const m of sources.members) {
    if (m.role !== 'technician' || !m.active) continue;
    entries.push({
      kind: 'technician',
      id: m.id,
      label: m.name,
      detail: words.technicianJobs,
      href: `${base}/dispatch?tech=${encodeURIComponent(m.id)}`,
      found: m.email ?? '',
    });
  }
  return entries;
}
