import { type Locale, memberPalette, type Role } from '@fieldplan/shared';
import { hashPassword } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { createWorkspaceWithOwner } from '../../modules/members/index.js';
import type { Db } from '../database.js';
import { seedDemoAreas } from './demo-areas.js';
import { seedDemoSchedule } from './demo-jobs.js';
import { type DemoText, demoTexts } from './demo-text.js';

export const demoPassword = 'fieldplan-demo';

export const demoUsers: { email: string; name: string; role: Role }[] = [
  { email: 'owner@demo.test', name: 'Olivia Owner', role: 'owner' },
  { email: 'dispatcher@demo.test', name: 'Dana Dispatch', role: 'dispatcher' },
  { email: 'tech1@demo.test', name: 'Tomasz Nowak', role: 'technician' },
  { email: 'tech2@demo.test', name: 'Aylin Demir', role: 'technician' },
  { email: 'tech3@demo.test', name: 'Jonas Becker', role: 'technician' },
  { email: 'tech4@demo.test', name: 'Mia Schulz', role: 'technician' },
  { email: 'tech5@demo.test', name: 'Luca Romano', role: 'technician' },
  { email: 'tech6@demo.test', name: 'Sofia Weber', role: 'technician' },
  { email: 'viewer@demo.test', name: 'Victor Viewer', role: 'viewer' },
];

export async function isEmpty(db: Db): Promise<boolean> {
  return (await db.kysely.selectFrom('workspaces').select('id').limit(1).executeTakeFirst()) === undefined;
}

/** The demo's users with their names in the demo's language (the office roles' names play on the role). */
function namedUsers(text: DemoText) {
  const office: Partial<Record<Role, string>> = {
    owner: text.officeNames.owner,
    dispatcher: text.officeNames.dispatcher,
    viewer: text.officeNames.viewer,
  };
  return demoUsers.map((user) => ({ ...user, name: office[user.role] ?? user.name }));
}

/**
 * Seeds "Demo Plumbing" (slug `demo`, Europe/Berlin, map on Berlin) with one user per role, all
 * with the password `fieldplan-demo`, and its customers and three weeks of jobs around `now`
 * (./demo-jobs.ts), three service areas and the technicians' home bases (./demo-areas.ts). Does
 * nothing when the demo workspace already exists. `locale` (FIELDPLAN_DEMO_LOCALE, default English)
 * is the language of its text, of the workspace and of the users it creates.
 */
export async function seedDemo(
  db: Db,
  options: { now?: number; locale?: Locale | undefined } = {},
): Promise<{ created: boolean }> {
  const locale = options.locale ?? 'en';
  const text = demoTexts[locale];
  const users = namedUsers(text);
  const existing = await db.kysely.selectFrom('workspaces').select('id').where('slug', '=', 'demo').executeTakeFirst();
  if (existing) return { created: false };
  const hashes = await Promise.all(demoUsers.map(() => hashPassword(demoPassword)));
  await db.kysely.transaction().execute(async (trx) => {
    const now = Date.now();
    const ids = demoUsers.map(() => newId());
    for (const [i, user] of users.entries()) {
      const taken = await trx.selectFrom('users').select('id').where('email', '=', user.email).executeTakeFirst();
      if (taken) {
        ids[i] = taken.id;
        continue;
      }
      await trx
        .insertInto('users')
        .values({
          id: ids[i] ?? newId(),
          email: user.email,
          name: user.name,
          password_hash: hashes[i] ?? '',
          // English stays the browser's choice; another demo language is the users' own.
          language: locale === 'en' ? null : locale,
          created_at: now,
        })
        .execute();
    }
    const ws = await createWorkspaceWithOwner(trx, {
      name: text.workspaceName,
      slug: 'demo',
      timeZone: 'Europe/Berlin',
      // English keeps the defaults it always had; German also takes German clock and date formats.
      ...(locale !== 'en' && { locale }),
      ownerUserId: ids[0] ?? '',
      map: { center: { lat: 52.52, lng: 13.405 }, zoom: 11 },
    });
    const technicianIds: string[] = [];
    for (const [i, user] of users.entries()) {
      if (i === 0) continue;
      const memberId = newId();
      if (user.role === 'technician') technicianIds.push(memberId);
      await trx
        .insertInto('memberships')
        .values({
          id: memberId,
          workspace_id: ws.id,
          user_id: ids[i] ?? '',
          role: user.role,
          colour: memberPalette[i % memberPalette.length] ?? memberPalette[0],
          home_lat: null,
          home_lng: null,
          deactivated_at: null,
          created_at: now + i,
        })
        .execute();
    }
    await seedDemoSchedule(trx, {
      workspaceId: ws.id,
      zone: 'Europe/Berlin',
      technicianIds,
      createdBy: ids[1] ?? ids[0] ?? '',
      now: options.now ?? Date.now(),
      text,
    });
    await seedDemoAreas(trx, {
      workspaceId: ws.id,
      zone: 'Europe/Berlin',
      technicianIds,
      now: options.now ?? Date.now(),
      names: text.areas,
    });
  });
  return { created: true };
}

export function demoSignInsText(url: string, locale: Locale = 'en'): string {
  const lines = demoUsers.map((u) => `    ${u.role.padEnd(11)} ${u.email}`);
  return [
    `Demo workspace "${demoTexts[locale].workspaceName}" at ${url}/w/demo`,
    `  password for every account: ${demoPassword}`,
    ...lines,
  ].join('\n');
}
