interface TableHeadProps {
  columns: readonly string[];
  /** A last column named for screen readers only (a row's buttons); none when absent. */
  hiddenLast?: string | undefined;
}

/** A table's header row: a column header per name, then (if named) one only screen readers hear. */
export function TableHead({ columns, hiddenLast }: TableHeadProps) {
  return (
    <thead>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col">
            {column}
          </th>
        ))}
        {hiddenLast && (
          <th scope="col">
            <span className="visually-hidden">{hiddenLast}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
