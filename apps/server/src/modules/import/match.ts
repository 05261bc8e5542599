import { normalizeText } from '../../lib/text.js';

export interface Known {
  id: string;
  name: string;
}

export type MatchedBy = 'email' | 'phone' | 'address';

/** A phone's identity: its last 9 digits, so "+49 171 1234567" and "0171 1234567" are one number. */
export function phoneKey(phone: string | null): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= 9 ? digits.slice(-9) : digits;
}

/** An address's identity: case, accents, punctuation and "Str." against "Straße" don't matter. */
export function addressKey(address: string): string {
  return normalizeText(address)
    .replace(/str\b\.?/g, 'strasse')
    .replace(/\bst\b\.?/g, 'street')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The workspace's customers by email, phone and normalised address (docs/PRODUCT.md, "Import":
 * duplicates): the first customer with a key keeps it. Rows created by the import join it, so a
 * file that lists one customer twice matches its own earlier row.
 */
export class MatchIndex {
  private readonly byEmail = new Map<string, Known>();
  private readonly byPhone = new Map<string, Known>();
  private readonly byAddress = new Map<string, Known>();

  add(c: { id: string; name: string; email: string | null; phone: string | null; address: string }): void {
    const known = { id: c.id, name: c.name };
    const email = c.email?.toLowerCase();
    if (email && !this.byEmail.has(email)) this.byEmail.set(email, known);
    const phone = phoneKey(c.phone);
    if (phone.length >= 5 && !this.byPhone.has(phone)) this.byPhone.set(phone, known);
    const address = addressKey(c.address);
    if (address && !this.byAddress.has(address)) this.byAddress.set(address, known);
  }

  find(c: { email?: string | null; phone?: string | null; address: string }): (Known & { by: MatchedBy }) | null {
    const byEmail = c.email ? this.byEmail.get(c.email.toLowerCase()) : undefined;
    if (byEmail) return { ...byEmail, by: 'email' };
    const phone = phoneKey(c.phone ?? null);
    const byPhone = phone.length >= 5 ? this.byPhone.get(phone) : undefined;
    if (byPhone) return { ...byPhone, by: 'phone' };
    const byAddress = this.byAddress.get(addressKey(c.address));
    return byAddress ? { ...byAddress, by: 'address' } : null;
  }
}
