import { readFileSync } from 'node:fs';
import { buildApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { MigrationError } from './db/migrate.ts';
import { DEMO_PASSWORD, loadDemoData } from './demo/index.ts';
import { RedisConnectError } from './platform/redis-stores.ts';

const readVersion = () => {
  for (const p of ['../package.json', '../../package.json', '../../../package.json']) {
    try {
      return JSON.parse(readFileSync(new URL(p, import.meta.url), 'utf8')).version as string;
    } catch {}
  }
  return '0.0.0';
};

const main = async () => {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    databaseReadUrl: config.DATABASE_READ_URL,
    dataDir: config.DATA_DIR,
    sqlTraceFile: config.SQL_TRACE_FILE,
  }).catch((error) => {
    console.error(`Could not open the database: ${(error as Error).message}`);
    process.exit(1);
  });
  // Of several processes starting together on one database, one migrates and creates the administrator
  // (and the demo data); the others wait for it and find that done.
  const result = await database
    .exclusively(async () => {
      await database.migrate();
      const started = await bootstrap(database.db, config);
      if (started.adminCreated && config.demo)
        await loadDemoData(database.db, {
          company: {
            name: config.COMPANY_NAME,
            address: config.COMPANY_ADDRESS,
            state: config.COMPANY_STATE,
            gstin: config.COMPANY_GSTIN ?? null,
          },
        });
      return started;
    })
    .catch(async (error) => {
      if (!(error instanceof MigrationError)) throw error;
      console.error(error.message);
      await database.close();
      process.exit(1);
    });

  const app = await buildApp({ config, database, version: readVersion() }).catch(async (error) => {
    if (error instanceof RedisConnectError) {
      console.error(error.message);
      await database.close();
      process.exit(1);
    }
    throw error;
  });
  // SIGTERM / SIGINT: stop taking connections, let the requests in flight answer, deliver the queued e-mail
  // and stop the timers (app.close and its onClose hooks), close the database, then end by running out of
  // work: exit 0 means nothing was left open. Past SHUTDOWN_TIMEOUT_MS, say what was abandoned and exit 1.
  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      console.warn(`${signal} received while shutting down: still finishing.`);
      return;
    }
    shuttingDown = true;
    console.log(`${signal} received: finishing the requests in flight and the queued e-mail, then exiting.`);
    let step: 'app' | 'database' | 'done' = 'app';
    setTimeout(() => {
      app.server.getConnections((_error, open) => {
        const abandoned =
          step === 'app'
            ? open
              ? `${open} connection(s) with requests in flight`
              : 'background work (e-mail being delivered)'
            : step === 'database'
              ? 'closing the database'
              : `still open: ${process.getActiveResourcesInfo().join(', ')}`;
        console.error(
          `Shutdown did not finish within ${config.SHUTDOWN_TIMEOUT_MS} ms; abandoned ${abandoned}.`,
        );
        process.exit(1);
      });
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    app
      .close()
      .then(() => {
        step = 'database';
        return database.close();
      })
      .then(
        () => {
          step = 'done';
        },
        (error) => {
          console.error(`Shutdown failed: ${(error as Error).message}`);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.PORT, host: config.HOST });

  if (result.adminCreated) {
    const lines = [
      '',
      '  Karya is ready. Sign in as the administrator:',
      `    e-mail:   ${result.adminEmail}`,
      result.generatedPassword
        ? `    password: ${result.generatedPassword}   (generated now and shown only this once)`
        : '    password: the ADMIN_PASSWORD you set',
      config.demo
        ? `  Demo roles and staff users were loaded; each demo user's password is ${DEMO_PASSWORD}.\n  (DEMO=false or --no-demo skips the demo data.)`
        : '',
      '',
    ];
    console.log(lines.join('\n'));
  }
  console.log(
    `  Open http://localhost:${config.PORT} (database: ${database.kind}${database.replica ? ' with a read replica' : ''}; sessions: ${config.REDIS_URL ? 'redis' : 'database'})`,
  );
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
