import { type ImportProgress, type ParseOutcome, parseCustomerFile } from './parse';

/**
 * The import's parsing off the page's thread (run-parse.ts starts it): the page stays responsive and keeps
 * drawing its progress while ExcelJS reads a 10,000-row file. One message in (the file's name and bytes,
 * transferred), progress messages and then the outcome out.
 */
export type WorkerRequest = { name: string; bytes: ArrayBuffer };
export type WorkerMessage =
  | { kind: 'progress'; progress: ImportProgress }
  | { kind: 'done'; outcome: ParseOutcome };

/** The worker's global scope (the web app's types are the page's, DOM, not WebWorker's). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage: (message: WorkerMessage) => void;
};
scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const { name, bytes } = event.data;
  const outcome = await parseCustomerFile(name, new Uint8Array(bytes), (progress) =>
    scope.postMessage({ kind: 'progress', progress } satisfies WorkerMessage),
  );
  scope.postMessage({ kind: 'done', outcome } satisfies WorkerMessage);
};
