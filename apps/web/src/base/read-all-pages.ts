import type { Problem } from '@fieldplan/shared';
import type { ApiRequest } from './api';

type Answer = { data?: unknown; error?: unknown };
type BaseQuery = (request: ApiRequest) => PromiseLike<Answer> | Answer;

const pageSize = 100;

/**
 * Every item of a paged list (`{ items, total }`, offsets of `pageSize`), the pages after the first
 * read at once. For a `queryFn`: answers `{ data }` or the first page's `{ error }`.
 */
export async function readAllPages<T>(baseQuery: BaseQuery, path: string): Promise<{ data: T[] } | { error: Problem }> {
  const read = async (offset: number) => {
    const res = await baseQuery({ url: `${path}${path.includes('?') ? '&' : '?'}limit=${pageSize}&offset=${offset}` });
    if (res.error) throw res.error;
    return res.data as { items: T[]; total: number };
  };
  try {
    const first = await read(0);
    const rest = await Promise.all(
      Array.from({ length: Math.ceil(first.total / pageSize) - 1 }, (_, i) => read((i + 1) * pageSize)),
    );
    return { data: [first, ...rest].flatMap((page) => page.items) };
  } catch (error) {
    return { error: error as Problem };
  }
}
