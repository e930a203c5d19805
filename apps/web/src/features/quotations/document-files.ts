import { quotationFileName } from '@karya/domain';
import { api } from '../../lib/api';
import { fetchPdfFile } from '../../lib/share-file';

/** GET /crm/quotations/{id}/pdf?version=: the server's PDF of a version (saved as ARR-0001-R1.pdf). */
export const quotationPdfUrl = (id: string, versionId?: string) =>
  `/api/crm/quotations/${encodeURIComponent(id)}/pdf${versionId ? `?version=${encodeURIComponent(versionId)}` : ''}`;

/** The server's PDF as a File named as the server names it. */
export const fetchQuotationPdf = (
  id: string,
  versionId: string,
  name: { quotationId: number; versionNumber: number },
): Promise<File> =>
  fetchPdfFile(quotationPdfUrl(id, versionId), quotationFileName(name.quotationId, name.versionNumber));

/** POST /crm/quotations/{id}/send: the version's PDF e-mailed to one of the customer's contacts. */
export const sendQuotationEmail = (
  id: string,
  body: { email: string; version: string },
  idempotencyKey?: string,
) =>
  api.post<{ email: string; version: string; fileName: string }>(
    `/crm/quotations/${encodeURIComponent(id)}/send`,
    body,
    { idempotencyKey },
  );
