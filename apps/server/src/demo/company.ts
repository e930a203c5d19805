import { DEFAULT_QUOTATION_DECLARATION, DEFAULT_QUOTATION_TERMS } from '@karya/domain';
import type { companySettings } from '../db/schema.ts';

/** What the environment says of the company (config COMPANY_*): the demo keeps what is set. */
export type DemoCompanyEnv = { name?: string; address?: string; state?: string; gstin?: string | null };

/**
 * The demo company (issue 25): a name, an address and a bank account, so the demo quotations print whole
 * (no 'Account details are missing'). The COMPANY_* values given win over the demo's.
 */
export const demoCompanyRow = (env: DemoCompanyEnv = {}): typeof companySettings.$inferInsert => ({
  id: 'company',
  name: env.name || 'Arrow Robotics and Education Pvt Ltd',
  address: env.address || 'Plot 214, Saheed Nagar\nBhubaneswar, Odisha 751007',
  gstin: env.gstin ?? null,
  state: env.state || 'Odisha',
  bankAccountName: 'Arrow Robotics and Education Pvt Ltd',
  bankAccountNumber: '50200012345678',
  ifsc: 'HDFC0001234',
  bankBranch: 'Saheed Nagar, Bhubaneswar',
  terms: DEFAULT_QUOTATION_TERMS,
  declaration: DEFAULT_QUOTATION_DECLARATION,
});
