import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The next number of the company's invoice series for a day (issue 27 §2): a proposal a new sale starts with. */
export const useNextInvoiceNo = (day: string, enabled: boolean) =>
  useQuery({
    queryKey: ['sales', 'next-invoice-no', day],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ invoiceNo: string; series: string }>(
          '/crm/products/sales/next-invoice-no',
          { date: day },
          { signal },
        )
      ).data ?? null,
    enabled: enabled && /^\d{4}-\d{2}-\d{2}$/.test(day),
    staleTime: 0,
  });
