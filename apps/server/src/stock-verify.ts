// npm run stock:verify — the ledger's consistency check (issue 12; decision 0011): every stock row is
// recomputed from its active ledger entries and compared with the figures stored; each difference is
// printed and the exit code is 1 when there is any. It opens the database the server uses (DATABASE_URL,
// else the embedded one under DATA_DIR: stop the server first, PGlite allows one process).
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { verifyStocks } from './modules/stocks/ledger.ts';

const main = async () => {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    const differences = await verifyStocks(database.db);
    if (!differences.length) {
      console.log('Stock ledger verified: every stock row equals its ledger.');
      return 0;
    }
    console.error(`${differences.length} difference(s) between the stock rows and the ledger:`);
    for (const d of differences)
      console.error(
        `  stock ${d.stockId} (item ${d.itemId}) ${d.field}: stored ${d.stored}, ledger ${d.ledger}`,
      );
    return 1;
  } finally {
    await database.close();
  }
};

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`Stock verification failed: ${(error as Error).message}`);
    process.exit(2);
  },
);
