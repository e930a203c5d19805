import {
  CATALOGUE_IMAGE_TYPES,
  COMPANY_LOGO_WRONG_TYPE,
  COMPANY_SETTINGS_RESOURCE,
  type CompanySettingsDto,
  type CompanySettingsUpdate,
  companyGstinStateProblem,
  DEFAULT_QUOTATION_DECLARATION,
  DEFAULT_QUOTATION_TERMS,
} from '@karya/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { companySettings } from '../../db/schema.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { badRequest } from '../../platform/errors.ts';
import { recordUpdate, type Snapshot } from '../../platform/history.ts';
import { removeStoredFile, type Upload, withStoredImage } from '../../platform/images.ts';
import type { Principal } from '../../platform/principal.ts';
import { userRefs } from '../../platform/user-refs.ts';

/** The one row's id, also the id its history is recorded under. */
export const COMPANY_RECORD_ID = 'company';
const ROW_ID = COMPANY_RECORD_ID;

type Row = typeof companySettings.$inferSelect;

/** The first-start row: the COMPANY_* environment values, the spec's terms and our declaration. */
const defaults = (config: Config) => ({
  id: ROW_ID,
  name: config.COMPANY_NAME,
  address: config.COMPANY_ADDRESS,
  gstin: config.COMPANY_GSTIN ?? null,
  state: config.COMPANY_STATE,
  terms: DEFAULT_QUOTATION_TERMS,
  declaration: DEFAULT_QUOTATION_DECLARATION,
});

/** How long a process trusts its copy of the company's state (another process may have changed it). */
const STATE_TTL_MS = 5000;
const stateCache = new WeakMap<Db, { state: string; at: number }>();

const remember = (db: Db, row: Row) => {
  stateCache.set(db, { state: row.state, at: Date.now() });
  return row;
};

/** The settings row, made from the environment on first read (two first reads make one row). */
export const companySettingsRow = async (db: Db, config: Config): Promise<Row> => {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.id, ROW_ID)).limit(1);
  if (row) return remember(db, row);
  await db.insert(companySettings).values(defaults(config)).onConflictDoNothing();
  const [made] = await db.select().from(companySettings).where(eq(companySettings.id, ROW_ID)).limit(1);
  return remember(db, made!);
};

/**
 * The company's state for GST (the place of supply is compared with it): the settings' state, COMPANY_STATE
 * until they were read. Read from the database at most every few seconds per process.
 */
export const companyState = async (deps: Pick<AppDeps, 'db' | 'config'>): Promise<string> => {
  const cached = stateCache.get(deps.db);
  if (cached && Date.now() - cached.at < STATE_TTL_MS) return cached.state;
  return (await companySettingsRow(deps.db, deps.config)).state;
};

const refreshing = new WeakSet<Db>();

/**
 * The same, at once, for the callers that price synchronously (sales, purchases, the session answer): this
 * process's copy (loaded when the routes are registered, renewed on a change here), COMPANY_STATE before
 * the first read. A copy older than a few seconds is renewed in the background, so a change made by another
 * process counts within seconds.
 */
export const currentCompanyState = (deps: Pick<AppDeps, 'db' | 'config'>): string => {
  const cached = stateCache.get(deps.db);
  if ((!cached || Date.now() - cached.at >= STATE_TTL_MS) && !refreshing.has(deps.db)) {
    refreshing.add(deps.db);
    companySettingsRow(deps.db, deps.config)
      .catch(() => undefined)
      .finally(() => refreshing.delete(deps.db));
  }
  return cached?.state ?? deps.config.COMPANY_STATE;
};

const snapshot = (r: Row): Snapshot => ({
  name: r.name,
  address: r.address,
  gstin: r.gstin,
  state: r.state,
  logo: r.logo?.fileId ?? null,
  bankAccountName: r.bankAccountName,
  bankAccountNumber: r.bankAccountNumber,
  ifsc: r.ifsc,
  bankBranch: r.bankBranch,
  terms: r.terms,
  declaration: r.declaration,
  saleInvoiceSeries: r.saleInvoiceSeries,
});

const toDto = async (db: Db, r: Row): Promise<CompanySettingsDto> => {
  const refs = await userRefs(db, [r.updatedBy]);
  return {
    name: r.name,
    address: r.address,
    gstin: r.gstin,
    state: r.state,
    logo: r.logo ? { url: r.logo.url, fileId: r.logo.fileId } : null,
    bankAccountName: r.bankAccountName,
    bankAccountNumber: r.bankAccountNumber,
    ifsc: r.ifsc,
    bankBranch: r.bankBranch,
    terms: r.terms,
    declaration: r.declaration,
    saleInvoiceSeries: r.saleInvoiceSeries,
    updatedAt: r.updatedAt ? r.updatedAt.toISOString() : null,
    updatedBy: r.updatedBy ? (refs.get(r.updatedBy) ?? null) : null,
  };
};

export const getCompanySettings = async (deps: Pick<AppDeps, 'db' | 'config'>) =>
  toDto(deps.db, await companySettingsRow(deps.db, deps.config));

/**
 * PATCH: the fields sent replace the stored ones (a GSTIN of another state than the company's is refused,
 * nothing written); a logo upload replaces the logo, deleteLogo removes it. History records what changed.
 */
export const updateCompanySettings = async (
  deps: AppDeps,
  principal: Principal,
  input: CompanySettingsUpdate,
  upload: Upload,
): Promise<CompanySettingsDto> => {
  await companySettingsRow(deps.db, deps.config);
  const { deleteLogo, ...fields } = input;
  let replaced: string | null = null;
  const row = await withStoredImage(
    deps,
    {
      upload,
      ownerId: principal.user.id,
      allowed: CATALOGUE_IMAGE_TYPES,
      wrongTypeMessage: COMPANY_LOGO_WRONG_TYPE,
    },
    (stored) =>
      deps.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(companySettings)
          .where(eq(companySettings.id, ROW_ID))
          .for('update');
        const merged = { ...before!, ...fields };
        const problem = companyGstinStateProblem(merged);
        if (problem) throw badRequest(problem);
        const logo = stored ?? (deleteLogo ? null : before!.logo);
        if (before!.logo && logo?.fileId !== before!.logo.fileId) replaced = before!.logo.fileId;
        const now = deps.clock.now();
        const [updated] = await tx
          .update(companySettings)
          .set({ ...fields, logo, updatedAt: now, updatedBy: principal.user.id })
          .where(eq(companySettings.id, ROW_ID))
          .returning();
        await recordUpdate(tx, principal, now, {
          entity: COMPANY_SETTINGS_RESOURCE,
          recordId: COMPANY_RECORD_ID,
          title: updated!.name || 'Company settings',
          before: snapshot(before!),
          after: snapshot(updated!),
        });
        return updated!;
      }),
  );
  if (replaced) await removeStoredFile(deps, replaced);
  remember(deps.db, row);
  return toDto(deps.db, row);
};
