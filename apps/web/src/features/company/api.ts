import { COMPANY_SETTINGS_PATH, type CompanySettingsDto } from '@karya/domain';
import { useQuery } from '@tanstack/react-query';
import { api, toFormData } from '../../lib/api';

/** The company settings (issue 25): one query for the settings screen, the preview and the PDF's button. */
export const companySettingsKey = ['companySettings'] as const;

export const fetchCompanySettings = (signal?: AbortSignal) =>
  api.get<CompanySettingsDto>(COMPANY_SETTINGS_PATH, undefined, { signal }).then((a) => a.data ?? null);

/** GET /admin/settings/company: anyone signed in (every document prints it). */
export const useCompanySettings = () =>
  useQuery({
    queryKey: companySettingsKey,
    queryFn: ({ signal }) => fetchCompanySettings(signal),
    staleTime: 60_000,
  });

export type CompanySettingsFormInput = {
  name: string;
  address: string;
  gstin: string;
  state: string;
  bankAccountName: string;
  bankAccountNumber: string;
  ifsc: string;
  bankBranch: string;
  terms: string;
  declaration: string;
  saleInvoiceSeries: string;
};

/** PATCH multipart: every field (emptied ones clear), the logo, deleteLogo. */
export const updateCompanySettings = (
  values: CompanySettingsFormInput & { deleteLogo?: boolean },
  logo: File | null,
  idempotencyKey?: string,
) =>
  api.patch<CompanySettingsDto>(
    COMPANY_SETTINGS_PATH,
    toFormData(
      { ...values, deleteLogo: values.deleteLogo ? true : undefined },
      { field: 'logo', file: logo },
      { keepEmpty: true },
    ),
    { keepEmpty: true, idempotencyKey },
  );
