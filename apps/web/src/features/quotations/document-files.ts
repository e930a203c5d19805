import { quotationFileName } from '@karya/domain';
import { api } from '../../lib/api';

/** GET /crm/quotations/{id}/pdf?version=: the server's PDF of a version (saved as ARR-0001-R1.pdf). */
export const quotationPdfUrl = (id: string, versionId?: string) =>
  `/api/crm/quotations/${encodeURIComponent(id)}/pdf${versionId ? `?version=${encodeURIComponent(versionId)}` : ''}`;

/** The server's PDF as a File named as the server names it. */
export const fetchQuotationPdf = async (
  id: string,
  versionId: string,
  name: { quotationId: number; versionNumber: number },
): Promise<File> => {
  const res = await fetch(quotationPdfUrl(id, versionId), { credentials: 'same-origin' });
  if (!res.ok) throw new Error('The PDF could not be made. Please try again.');
  const blob = await res.blob();
  return new File([blob], quotationFileName(name.quotationId, name.versionNumber), {
    type: 'application/pdf',
  });
};

/** Save a file through a temporary link (where the share sheet is not offered). */
export const downloadFile = (file: File) => {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = file.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
};

/**
 * Hand the PDF to the system share sheet (Web Share API with a file: WhatsApp, mail, … on a phone); where
 * files cannot be shared, download it. 'shared', 'downloaded', or 'cancelled' when the sheet was closed.
 */
export const shareOrDownload = async (file: File, title: string) => {
  const data = { files: [file], title };
  if (typeof navigator.share === 'function' && navigator.canShare?.(data)) {
    try {
      await navigator.share(data);
      return 'shared' as const;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled' as const;
      throw error;
    }
  }
  downloadFile(file);
  return 'downloaded' as const;
};

/** POST /crm/quotations/{id}/send: the version's PDF e-mailed to one of the customer's contacts. */
export const sendQuotationEmail = (id: string, body: { email: string; version: string }) =>
  api.post<{ email: string; version: string; fileName: string }>(
    `/crm/quotations/${encodeURIComponent(id)}/send`,
    body,
  );
