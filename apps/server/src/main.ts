import { readFileSync } from 'node:fs';
import { buildApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_PASSWORD, loadDemoData } from './demo.ts';
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
    dataDir: config.DATA_DIR,
    sqlTraceFile: config.SQL_TRACE_FILE,
  }).catch((error) => {
    console.error(`Could not open the database: ${(error as Error).message}`);
    process.exit(1);
  });
  await database.migrate();
  const result = await bootstrap(database.db, config);
  if (result.adminCreated && config.demo) await loadDemoData(database.db);

  const app = await buildApp({ config, database, version: readVersion() }).catch(async (error) => {
    if (error instanceof RedisConnectError) {
      console.error(error.message);
      await database.close();
      process.exit(1);
    }
    throw error;
  });
  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
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
    `  Open http://localhost:${config.PORT} (database: ${database.kind}; sessions: ${config.REDIS_URL ? 'redis' : 'database'})`,
  );
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
