import { EXPORT_FRAME } from '@karya/domain';
import { describe, expect, it } from 'vitest';
import { ExportStreamError, readExportFrames } from './export-frames';

const frame = (type: number, payload: Uint8Array | string) => {
  const bytes = typeof payload === 'string' ? new TextEncoder().encode(payload) : payload;
  const out = new Uint8Array(5 + bytes.length);
  out[0] = type;
  new DataView(out.buffer).setUint32(1, bytes.length);
  out.set(bytes, 5);
  return out;
};
/** A body delivered in pieces of `size` bytes, cutting frames anywhere. */
const bodyOf = (bytes: Uint8Array, size: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
      controller.close();
    },
  });
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('the export-all progress stream', () => {
  const file = Uint8Array.from({ length: 3000 }, (_, i) => i % 251);
  const stream = join(
    frame(EXPORT_FRAME.data, file.subarray(0, 1000)),
    frame(EXPORT_FRAME.progress, '1000'),
    frame(EXPORT_FRAME.data, file.subarray(1000)),
    frame(EXPORT_FRAME.progress, '1500'),
    frame(EXPORT_FRAME.end, ''),
  );

  it('puts the file back together and reports the rows, however the body is cut', async () => {
    for (const size of [1, 3, 7, 1024, stream.length]) {
      const seen: number[] = [];
      const parts = await readExportFrames(bodyOf(stream, size), (n) => seen.push(n), 'cut');
      expect(join(...parts)).toEqual(file);
      expect(seen).toEqual([1000, 1500]);
    }
  });

  it('throws the server’s message on an error frame, and "interrupted" when the end never comes', async () => {
    const failed = join(frame(EXPORT_FRAME.progress, '1000'), frame(EXPORT_FRAME.error, 'The export failed'));
    await expect(readExportFrames(bodyOf(failed, 4), () => {}, 'cut')).rejects.toThrow('The export failed');
    const cut = stream.slice(0, stream.length - 5);
    await expect(readExportFrames(bodyOf(cut, 64), () => {}, 'cut')).rejects.toBeInstanceOf(
      ExportStreamError,
    );
  });
});
