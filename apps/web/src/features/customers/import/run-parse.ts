import type { ImportProgress, ParseOutcome } from './parse';
import type { WorkerMessage } from './parse-worker';

/**
 * Parse a chosen file in a Web Worker (parse-worker.ts, its own chunk with ExcelJS), reporting progress;
 * where a worker cannot be started (an old browser, the unit tests' jsdom) or fails to load, the same parser
 * runs on the page, loaded on demand.
 */
export const runParse = async (
  file: File,
  onProgress: (progress: ImportProgress) => void,
  signal?: AbortSignal,
): Promise<ParseOutcome> => {
  const bytes = await readBytes(file);
  if (typeof Worker !== 'undefined') {
    const outcome = await inWorker(file.name, bytes.slice(0), onProgress, signal).catch(() => null);
    if (outcome) return outcome;
    // Stopped on purpose (the dialog closed, another file chosen): no second try on the page.
    signal?.throwIfAborted();
  }
  const { parseCustomerFile } = await import('./parse');
  return parseCustomerFile(file.name, new Uint8Array(bytes), onProgress);
};

/** The file's bytes (FileReader where Blob.arrayBuffer is missing, as in jsdom). */
const readBytes = (file: File) =>
  typeof file.arrayBuffer === 'function'
    ? file.arrayBuffer()
    : new Promise<ArrayBuffer>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(file);
      });

const inWorker = (
  name: string,
  bytes: ArrayBuffer,
  onProgress: (progress: ImportProgress) => void,
  signal?: AbortSignal,
) =>
  new Promise<ParseOutcome>((resolve, reject) => {
    const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
    const finish = () => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      if (event.data.kind === 'progress') onProgress(event.data.progress);
      else {
        finish();
        resolve(event.data.outcome);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      finish();
      reject(new Error(event.message || 'The import worker failed'));
    };
    worker.postMessage({ name, bytes }, [bytes]);
  });
