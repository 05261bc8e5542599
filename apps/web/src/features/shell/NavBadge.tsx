/** A count beside a navigation item (requests waiting); its words for screen readers, nothing at 0. */
export function NavBadge({ count, words }: { count: number | undefined; words: string | undefined }) {
  if (!count) return null;
  return (
    <>
      <span className="nav-badge" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className="visually-hidden">, {words}</span>
    </>
  );
}
