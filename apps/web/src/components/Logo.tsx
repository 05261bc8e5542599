import './Logo.css';

/** The product's name: a name, never translated (docs/TRANSLATING.md). */
const productName = 'Fieldplan';

/** The Fieldplan mark, with the word beside it unless `compact`. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="logo">
      <svg width="24" height="24" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="var(--accent)" />
        <path d="M9 23V9h13v3.2h-9.4v2.6h8v3.1h-8V23z" fill="var(--accent-text)" />
        <circle cx="23" cy="21" r="3" fill="#E69F00" />
      </svg>
      {compact ? (
        <span className="visually-hidden">{productName}</span>
      ) : (
        <span className="logo-word">{productName}</span>
      )}
    </span>
  );
}
