import {
  type CompanySettingsDto,
  DEFAULT_QUOTATION_TERMS,
  gstinCheckCharacter,
  COMPANY_SETTINGS_MESSAGES as M,
} from '@karya/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Agent,
  adminSession,
  asUserWithSession,
  createTestApp,
  type TestContext,
} from '../../../test/helpers.ts';
import { multipartBody, PNG_1X1 } from '../users/users-test-kit.ts';
import { companyState } from './company.service.ts';

const URL = '/api/admin/settings/company';
const gstin = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
const ODISHA_GSTIN = gstin('21AAACA1234A1Z');
const JHARKHAND_GSTIN = gstin('20AAACA1234A1Z');

describe('company settings', () => {
  let ctx: TestContext;
  let admin: Agent;
  let reader: Agent;
  const read = async (who: Agent = admin) => {
    const res = await who.request({ method: 'GET', url: URL });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as CompanySettingsDto;
  };
  const patch = (payload: Record<string, unknown>, who: Agent = admin) =>
    who.request({ method: 'PATCH', url: URL, payload });

  beforeAll(async () => {
    ctx = await createTestApp({
      COMPANY_NAME: 'Arrow Robotics',
      COMPANY_ADDRESS: 'Plot 7, Cuttack',
      COMPANY_STATE: 'Odisha',
      COMPANY_GSTIN: ODISHA_GSTIN,
    });
    admin = await adminSession(ctx);
    reader = await asUserWithSession(ctx, []);
  });
  afterAll(() => ctx.close());

  it('starts from the COMPANY_* values, readable by anyone signed in', async () => {
    const s = await read(reader);
    expect(s).toMatchObject({
      name: 'Arrow Robotics',
      address: 'Plot 7, Cuttack',
      state: 'Odisha',
      gstin: ODISHA_GSTIN,
      logo: null,
      bankAccountNumber: '',
      terms: DEFAULT_QUOTATION_TERMS,
      updatedBy: null,
    });
    const anonymous = await ctx.app.inject({ method: 'GET', url: URL });
    expect(anonymous.statusCode).toBe(401);
  });

  it('needs update on company-settings to change them', async () => {
    const res = await patch({ name: 'Someone Else' }, reader);
    expect(res.statusCode).toBe(403);
    const updater = await asUserWithSession(ctx, [{ resource: 'company-settings', actions: ['update'] }]);
    const ok = await patch({ bankBranch: 'Cuttack Main' }, updater);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await read()).bankBranch).toBe('Cuttack Main');
  });

  it.each([
    [{ ifsc: 'SBIN1001234' }, M.ifscInvalid],
    [{ bankAccountNumber: '12-34' }, M.accountNumberInvalid],
    [{ bankAccountNumber: '12345678' }, M.accountNumberInvalid],
    [{ state: 'Atlantis' }, M.stateInvalid],
    [{ name: '' }, M.nameRequired],
    [{ gstin: '21AAACA1234A1Z0' }, 'GSTIN check character is wrong'],
    [{ gstin: JHARKHAND_GSTIN }, M.gstinState],
    [{ state: 'Jharkhand' }, M.gstinState],
  ])('refuses %j with 400 and writes nothing', async (payload, message) => {
    const before = await read();
    const res = await patch({ ...payload, bankAccountName: 'Changed' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await read()).toEqual(before);
  });

  it('saves the bank details, normalised, records history, and moves the GST state with them', async () => {
    const res = await patch({
      bankAccountName: 'Arrow Robotics Pvt Ltd',
      bankAccountNumber: '1234 5678 9012',
      ifsc: 'sbin0001234',
      gstin: JHARKHAND_GSTIN,
      state: 'jharkhand',
      terms: 'Pay in advance.',
      _id: 'x',
      updatedAt: '2000-01-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data as CompanySettingsDto;
    expect(s).toMatchObject({
      bankAccountNumber: '123456789012',
      ifsc: 'SBIN0001234',
      state: 'Jharkhand',
      gstin: JHARKHAND_GSTIN,
      terms: 'Pay in advance.',
    });
    expect(s.updatedBy?.email).toBe('admin@karya.test');
    expect(await companyState(ctx.app.deps)).toBe('Jharkhand');
    const history = await admin.request({ method: 'GET', url: `${URL}/history` });
    expect(history.statusCode, history.body).toBe(200);
    const [latest] = history.json().data.history;
    expect(latest.action).toBe('update');
    expect(latest.changes.map((c: { field: string }) => c.field)).toEqual(
      expect.arrayContaining(['state', 'gstin', 'ifsc', 'bankAccountNumber', 'terms']),
    );
    const back = await patch({ state: 'Odisha', gstin: ODISHA_GSTIN });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('takes a logo (multipart), serves it, and removes it', async () => {
    const res = await admin.request({
      method: 'PATCH',
      url: URL,
      ...multipartBody(
        { name: 'Arrow Robotics' },
        { field: 'logo', filename: 'logo.png', contentType: 'image/png', data: PNG_1X1 },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    const logo = (res.json().data as CompanySettingsDto).logo;
    expect(logo?.url).toMatch(/\/files\//);
    const file = await reader.request({ method: 'GET', url: `/api/files/${logo?.fileId}` });
    expect(file.statusCode).toBe(200);
    const text = await admin.request({
      method: 'PATCH',
      url: URL,
      ...multipartBody(
        {},
        { field: 'logo', filename: 'a.png', contentType: 'image/png', data: Buffer.from('hi') },
      ),
    });
    expect(text.statusCode).toBe(400);
    const removed = await patch({ deleteLogo: true });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.logo).toBeNull();
    const gone = await reader.request({ method: 'GET', url: `/api/files/${logo?.fileId}` });
    expect(gone.statusCode).toBe(404);
  });
});
