import { useMemo } from 'react';
import { useGetMembersQuery } from '../../entities/member/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { useIntl } from '../../lib/i18n';
import { useSearchCustomersQuery, useSearchJobsQuery } from './endpoints';
import { searchEntries, searchWords } from './search-entries';
import { buildIndex, type SearchGroup, searchIndex } from './search-index';

export interface Screen {
  label: string;
  href: string;
}

const noGroups: SearchGroup[] = [];

/** The palette's results for `query` over what the member may see, indexed once per data change. */
export function useSearch(query: string, screens: readonly Screen[]) {
  const intl = useIntl();
  const words = useMemo(() => searchWords(intl), [intl]);
  const { workspaceId, slug } = useWorkspace();
  const jobs = useSearchJobsQuery(workspaceId);
  const customers = useSearchCustomersQuery(workspaceId);
  const members = useGetMembersQuery(workspaceId);
  const index = useMemo(
    () =>
      buildIndex(
        searchEntries(
          `/w/${slug}`,
          {
            jobs: jobs.data ?? [],
            customers: customers.data ?? [],
            members: members.data ?? [],
            screens,
          },
          words,
        ),
      ),
    [slug, jobs.data, customers.data, members.data, screens, words],
  );
  const groups = useMemo(() => (query.trim() ? searchIndex(index, query) : noGroups), [index, query]);
  return { groups, loading: jobs.isLoading || customers.isLoading || members.isLoading };
}
