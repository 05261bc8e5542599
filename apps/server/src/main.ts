import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { migrate, openDb } from './db/database.js';
import { demoSignInsText, isEmpty, seedDemo } from './db/seed/demo.js';
import { createReporter, reportCrash } from './monitoring/reporter.js';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Before anything else, so a crash while migrating or starting is reported too.
  const reporter = createReporter(config);
  const db = openDb(config.DATABASE_URL, {
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
  });
  await migrate(db);
  const seedNow = config.FIELDPLAN_DEMO && (await isEmpty(db));
  if (seedNow) await seedDemo(db);

  const app = await buildApp({ config, db, reporter });
  await app.listen({ port: config.PORT, host: config.HOST });
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  console.log(`\nFieldplan is running at ${url} (database: ${db.dialect})`);
  if (seedNow) console.log(`${demoSignInsText(url)}\n`);

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

main().catch(async (error: unknown) => {
  console.error(error);
  await reportCrash(error);
  process.exit(1);
});
