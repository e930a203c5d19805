// npm run backup [-- FOLDER|FILE.tar.gz] and npm run restore FILE (issue 13 §1; ops/backup.ts). They read
// the server's environment (DATABASE_URL, else the embedded database under DATA_DIR). Backup: PostgreSQL
// is read directly in one snapshot; the embedded database, which one process at a time may open, is asked
// of the running server through its control socket, or opened here when no server runs. Restore fills an
// empty database (the embedded one, or DATABASE_URL's) and an empty DATA_DIR/files, with the server stopped.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { type Database, openEmbedded, openPostgres } from './db/client.ts';
import { BackupError, describeManifest, writeBackup } from './ops/backup.ts';
import { backupDir } from './ops/backup-service.ts';
import { askServer } from './ops/control.ts';
import {
  checkSchemaVersion,
  filesFolderProblem,
  nonEmptyTargetMessage,
  restoreArchive,
  tablesWithData,
  verifyArchive,
} from './ops/restore.ts';

/** The server package's version, as the server reports it. */
const appVersion = () =>
  (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
    .version;

const USAGE = 'Usage: npm run backup [-- FOLDER | FILE.tar.gz]\n       npm run restore FILE.tar.gz';

/** Paths are the caller's: npm runs scripts from the repository root but says where it was called. */
const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

const embeddedExists = (dataDir: string) => {
  const dir = path.resolve(dataDir, 'pgdata');
  return existsSync(dir) && readdirSync(dir).length > 0;
};

const backup = async (config: ReturnType<typeof loadConfig>, to: string) => {
  if (!config.DATABASE_URL) {
    const answer = await askServer(config.DATA_DIR, { command: 'backup', to });
    if (answer) {
      if (!answer.ok)
        throw new BackupError(`The running server could not write the backup: ${answer.message}`);
      console.log(`Backup written by the running server: ${answer.file}\n  ${answer.summary}`);
      return;
    }
    if (!embeddedExists(config.DATA_DIR))
      throw new BackupError(`There is no database in ${path.resolve(config.DATA_DIR, 'pgdata')} to back up.`);
  }
  const database = config.DATABASE_URL
    ? await openPostgres(config.DATABASE_URL, 1)
    : await openEmbedded(config.DATA_DIR);
  try {
    const result = await writeBackup({
      db: database.db,
      kind: database.kind,
      dataDir: config.DATA_DIR,
      to,
      appVersion: appVersion(),
    });
    console.log(
      `Backup written: ${result.file} (${result.bytes} bytes)\n  ${describeManifest(result.manifest)}`,
    );
    if (result.manifest.missingFiles.length)
      console.warn(
        `  ${result.manifest.missingFiles.length} uploaded file(s) named in the database were already missing: ${result.manifest.missingFiles.join(', ')}`,
      );
  } finally {
    await database.close();
  }
};

const restore = async (config: ReturnType<typeof loadConfig>, file: string) => {
  // Everything that can refuse is checked before the target is opened.
  const manifest = await verifyArchive(file);
  checkSchemaVersion(manifest, file);
  console.log(`Archive checked: ${describeManifest(manifest)}`);
  if (!config.DATABASE_URL && (await askServer(config.DATA_DIR, { command: 'ping' })))
    throw new BackupError(
      `A Karya server is running on ${path.resolve(config.DATA_DIR)}: stop it, then restore.`,
    );
  const filesProblem = await filesFolderProblem(config.DATA_DIR);
  if (filesProblem) throw new BackupError(filesProblem);
  let database: Database;
  try {
    database = config.DATABASE_URL
      ? await openPostgres(config.DATABASE_URL, 1)
      : await openEmbedded(config.DATA_DIR);
  } catch (error) {
    throw new BackupError(`Could not open the target database: ${(error as Error).message}`);
  }
  try {
    const held = await tablesWithData(database.db);
    if (held.length) throw new BackupError(nonEmptyTargetMessage(held));
    // The empty target gets this code's schema, which the archive was checked to match.
    await database.migrate();
    const result = await restoreArchive({ file, database, dataDir: config.DATA_DIR });
    const target = config.DATABASE_URL
      ? 'the PostgreSQL database of DATABASE_URL'
      : path.resolve(config.DATA_DIR);
    console.log(
      `Restored ${result.rows} rows and ${result.files} files into ${target}. Start Karya: npm start`,
    );
  } finally {
    await database.close();
  }
};

const main = async () => {
  const [command, arg, ...extra] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || extra.length || (command === 'restore' && !arg)) {
    console.error(USAGE);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  try {
    if (command === 'backup') await backup(config, arg ? fromCaller(arg) : backupDir(config));
    else await restore(config, fromCaller(arg!));
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    return 1;
  }
};

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`The ${process.argv[2]} failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
