import { EXPORT_FRAME } from '@karya/domain';
import { saveBlob } from './share-file';

/**
 * Reads the progress stream of the exports (GET /crm/customers/export, the accounts' exports, with
 * progress=true; EXPORT_FRAME in packages/domain):
 * the file's pieces are kept as they come, each progress frame is reported, and the answer is the whole
 * file once the end frame arrives. An error frame, or a stream that stops before the end frame, throws.
 */
export class ExportStreamError extends Error {}

export const readExportFrames = async (
  body: ReadableStream<Uint8Array>,
  onProgress: (rows: number) => void,
  interrupted: string,
): Promise<Uint8Array[]> => {
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let pending = new Uint8Array(0);
  const take = (chunk: Uint8Array) => {
    const next = new Uint8Array(pending.length + chunk.length);
    next.set(pending);
    next.set(chunk, pending.length);
    pending = next;
  };
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) throw new ExportStreamError(interrupted);
    take(value);
    let at = 0;
    while (pending.length - at >= 5) {
      const view = new DataView(pending.buffer, pending.byteOffset + at, 5);
      const type = view.getUint8(0);
      const length = view.getUint32(1);
      if (pending.length - at - 5 < length) break;
      const payload = pending.subarray(at + 5, at + 5 + length);
      at += 5 + length;
      if (type === EXPORT_FRAME.data) parts.push(payload.slice());
      else if (type === EXPORT_FRAME.progress) onProgress(Number(decoder.decode(payload)));
      else if (type === EXPORT_FRAME.error) throw new ExportStreamError(decoder.decode(payload));
      else if (type === EXPORT_FRAME.end) {
        await reader.cancel().catch(() => undefined);
        return parts;
      }
    }
    pending = pending.slice(at);
  }
};

/** Save the pieces of a file under its name, through a temporary link. */
export const saveParts = (parts: Uint8Array[], name: string, type: string) =>
  saveBlob(new Blob(parts as BlobPart[], { type }), name);
