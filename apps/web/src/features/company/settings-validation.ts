// The company settings form's rules (zod and the resolver): their own chunk, loaded while the form shows
// (lib/lazy-validation.ts), so the settings page does not wait for zod.
import { zodResolver } from '@hookform/resolvers/zod';
import { companySettingsSchema } from '@karya/domain';
import type { Resolver } from 'react-hook-form';
import type { CompanySettingsFormInput } from './api';

export const companySettingsResolver = zodResolver(
  companySettingsSchema,
) as unknown as Resolver<CompanySettingsFormInput>;
