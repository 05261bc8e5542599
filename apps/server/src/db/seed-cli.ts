// `npm run seed:demo`: seeds the demo workspace into the configured database on purpose.
import { loadConfig } from '../config.js';
import { migrate, openDb } from './database.js';
import { demoSignInsText, seedDemo } from './seed/demo.js';

const config = loadConfig();
const db = openDb(config.DATABASE_URL);
await migrate(db);
const { created } = await seedDemo(db, { locale: config.FIELDPLAN_DEMO_LOCALE });
console.log(created ? 'Seeded the demo workspace.' : 'The demo workspace already exists; nothing changed.');
console.log(demoSignInsText(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`, config.FIELDPLAN_DEMO_LOCALE));
await db.close();
