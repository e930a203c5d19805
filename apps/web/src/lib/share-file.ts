// Handing a document the server made (a quotation's or a tax invoice's PDF) to the user: the phone's share
// sheet, else a download.

/** The server's PDF at `url` as a File named `name` (the session cookie goes with the request). */
export const fetchPdfFile = async (url: string, name: string): Promise<File> => {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error('The PDF could not be made. Please try again.');
  return new File([await res.blob()], name, { type: 'application/pdf' });
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
