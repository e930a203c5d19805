import { PassThrough, type Readable } from 'node:stream';
import { EXPORT_FRAME } from '@karya/domain';

/**
 * A file written as it is read, for the exports (customers, the accounts' hand-off): the writer pushes
 * pieces of the file and waits while the client has not taken what was sent (backpressure), so memory stays
 * flat however large the file and however slow the download.
 *
 * With `framed`, the answer is the progress stream of EXPORT_FRAME (packages/domain): the file in 'D'
 * frames, 'P' frames with the count written so far, and 'Z' at the end, or 'E' with a message when the
 * export fails part-way (a bare file could only be cut off).
 */
export type ExportSink = {
  /** A piece of the file; resolves when there is room for more. */
  write: (chunk: Buffer | string) => Promise<void>;
  /** How many records are written so far (a 'P' frame when framed). */
  progress: (count: number) => void;
  /** Whether the client went away: the writer should stop. */
  gone: () => boolean;
  /** Resolves once the client went away (to race a writer's own promises against). */
  closed: Promise<void>;
};

export type ExportStream = {
  framed: boolean;
  /** Writes the whole file into the sink; a throw ends the answer with an error. */
  write: (sink: ExportSink) => Promise<void>;
  /** Called when the export fails part-way (the answer is already under way). */
  onError: (error: unknown) => void;
};

/** Bytes waiting for the client before the writer waits too. */
const ROOM = 1 << 20;

const frame = (type: number, payload: Buffer) => {
  const head = Buffer.alloc(5);
  head[0] = type;
  head.writeUInt32BE(payload.length, 1);
  return Buffer.concat([head, payload]);
};

export const exportStream = ({ framed, write, onError }: ExportStream): Readable => {
  const out = new PassThrough();
  const send = (type: number, payload: Buffer) => out.write(framed ? frame(type, payload) : payload);
  const closed = new Promise<void>((resolve) => out.once('close', resolve));
  const gone = () => out.destroyed || out.writableEnded;
  const room = async () => {
    while (!gone() && out.writableLength > ROOM)
      await Promise.race([new Promise((resolve) => out.once('drain', resolve)), closed]);
  };
  const sink: ExportSink = {
    write: async (chunk) => {
      if (gone()) return;
      send(EXPORT_FRAME.data, typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      await room();
    },
    progress: (count) => {
      if (framed && !gone()) send(EXPORT_FRAME.progress, Buffer.from(String(count)));
    },
    gone,
    closed,
  };
  const run = async () => {
    await write(sink);
    if (gone()) return;
    if (framed) send(EXPORT_FRAME.end, Buffer.alloc(0));
    out.end();
  };
  run().catch((error: unknown) => {
    onError(error);
    if (gone()) return;
    if (framed) {
      send(EXPORT_FRAME.error, Buffer.from('The export failed part-way. Please try again.'));
      out.end();
    } else out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
};

/** Let the event loop send what is written (an embedded database answers without ever yielding to it). */
export const breathe = () => new Promise((resolve) => setImmediate(resolve));
