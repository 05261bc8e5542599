import { textOn } from '../lib/colour';
import { initials } from '../lib/initials';
import './Avatar.css';

interface AvatarProps {
  name: string;
  colour: string;
  size?: 'sm' | 'md' | 'lg';
  /** Dims the avatar (a deactivated member). */
  muted?: boolean;
  /** Announce the name (when no visible name sits beside the avatar). */
  labelled?: boolean;
}

/** Initials on the member's colour: the same colour as their calendar row and map pins. */
export function Avatar({ name, colour, size = 'md', muted = false, labelled = false }: AvatarProps) {
  const className = `avatar avatar-${size}${muted ? ' avatar-muted' : ''}`;
  // A deactivated member's avatar is grey with readable initials (no faded colour: contrast).
  const style = muted ? undefined : { background: colour, color: textOn(colour) };
  if (labelled) {
    return (
      <span className={className} style={style} role="img" aria-label={name} title={name}>
        {initials(name)}
      </span>
    );
  }
  return (
    <span className={className} style={style} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
