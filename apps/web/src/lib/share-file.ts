// Handing a file to the user: a document the server made (a quotation's or a tax invoice's PDF) to the
// phone's share sheet, else a download; and every download the app saves.

/** The server's PDF at `url` as a File named `name` (the session cookie goes with the request). */
export const fetchPdfFile = async (url: string, name: string): Promise<File> => {
  const res = await fetch(url, { credentials: 'same-origin' });
  if (!res.ok) throw new Error('The PDF could not be made. Please try again.');
  return new File([await res.blob()], name, { type: 'application/pdf' });
};

/** Save a file (or any blob, under `name`) through a temporary link: the one way the app saves a file. */
export const saveBlob = (blob: Blob, name: string) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

/** Save a file through a temporary link (where the share sheet is not offered). */
export const downloadFile = (file: File) => saveBlob(file, file.name);

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
