import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { migrate, openDb } from './db/database.js';
import { demoSignInsText, isEmpty, seedDemo } from './db/seed/demo.js';
import { shutDown } from './http/shutdown.js';
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
  // Safe when several processes start at once: one migrates, the others wait (docs/DEPLOY.md).
  await migrate(db, (message) => console.log(message));
  const seedNow = config.FIELDPLAN_DEMO && (await isEmpty(db));
  if (seedNow) await seedDemo(db, { locale: config.FIELDPLAN_DEMO_LOCALE });

  const app = await buildApp({ config, db, reporter });
  await app.listen({ port: config.PORT, host: config.HOST });
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  console.log(`\nFieldplan is running at ${url} (database: ${db.dialect})`);
  if (seedNow) console.log(`${demoSignInsText(url, config.FIELDPLAN_DEMO_LOCALE)}\n`);

  // A second signal while stopping (Ctrl-C again, an impatient supervisor) ends the process at once.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // The last resort: a closing hook or the database pool that hangs must not hold the process.
    setTimeout(() => {
      app.log.error('shutdown: deadline passed, exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    const outcome = await shutDown(app, {
      drainMs: config.SHUTDOWN_DRAIN_MS,
      timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      log: app.log,
    });
    await db.close();
    app.log.info({ outcome }, 'stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch(async (error: unknown) => {
  console.error(error);
  await reportCrash(error);
  process.exit(1);
});
