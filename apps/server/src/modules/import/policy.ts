import { type Actor, authorize } from '../../http/workspace-access.js';

/** Owners and dispatchers import (docs/PRODUCT.md, "Roles and permissions": `import.run`). */
export function authorizeImport(actor: Actor, action: string): void {
  authorize(actor, 'import.run', action);
}
