import type { IconName } from '../../components/Icon';
import { statusIcon } from '../../entities/job/job-status';
import { iconMaskRule } from './event-dom';

let installed = false;

/**
 * Adds the mask rules of the icons events use (status icons, the double-booking alert, the
 * outside-areas pin) and the rows' "Optimise day" route, once.
 */
export function installEventIcons(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  const names = new Set<IconName>([...Object.values(statusIcon), 'alert', 'pin', 'route']);
  const style = document.createElement('style');
  style.dataset.fieldplan = 'event-icons';
  style.textContent = [...names].map(iconMaskRule).join('\n');
  document.head.appendChild(style);
}
