import { Icon } from './Icon';

interface SearchBoxProps {
  className: string;
  /** The accessible name; the magnifier stands in for it on screen. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  size?: 'sm' | 'md';
}

/** A search or filter box: a magnifier, the input, and its name for screen readers. */
export function SearchBox({ className, label, placeholder, value, onChange, size = 'md' }: SearchBoxProps) {
  return (
    <label className={className}>
      <Icon name="search" size={size === 'sm' ? 14 : undefined} />
      <span className="visually-hidden">{label}</span>
      <input
        type="search"
        className={size === 'sm' ? 'input input-sm' : 'input'}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
