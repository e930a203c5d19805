/**
 * The few bytes of POSIX tar (ustar) a backup archive needs: regular files with short names, written and
 * read as streams. Written here rather than taken from a package so that reading is strict: a header whose
 * checksum is wrong, a name that is not ours, or an archive that stops early is an error, never a guess.
 */

const BLOCK = 512;

export class TarError extends Error {}

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;

/** The 512-byte header of a regular file (mode 0600, owner 0); names are ASCII and under 100 bytes. */
export const tarHeader = (name: string, size: number, mtime: Date): Buffer => {
  if (!/^[\x21-\x7e]{1,99}$/.test(name)) throw new TarError(`cannot store the name ${name}`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 'ascii');
  h.write(octal(0o600, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\u000000', 257, 'ascii');
  h.write(octal(checksum(h), 7), 148, 'ascii');
  return h;
};

const checksum = (h: Buffer) => {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
  return sum;
};

/** Zero bytes that bring an entry of `size` bytes to a whole block. */
export const tarPadding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** The end of an archive: two zero blocks. */
export const tarEnd = () => Buffer.alloc(2 * BLOCK);

/** Pulls exact byte counts from a stream of chunks. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(n: number) {
    while (this.length < n && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
  }

  /** Up to max bytes (fewer only at the end of the stream). */
  async take(max: number): Promise<Buffer> {
    await this.fill(1);
    const all = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered);
    const out = all.subarray(0, Math.min(max, all.length));
    const rest = all.subarray(out.length);
    this.buffered = rest.length ? [rest] : [];
    this.length = rest.length;
    return out;
  }

  async exactly(n: number, what: string): Promise<Buffer> {
    await this.fill(n);
    if (this.length < n) throw new TarError(`the archive ends in the middle of ${what} (it is truncated)`);
    return this.take(n);
  }

  async atEnd() {
    await this.fill(1);
    return this.length === 0;
  }
}

export type TarEntry = { name: string; size: number; body: AsyncGenerator<Buffer> };

/**
 * The entries of a tar stream, in order. Each entry's body must be read (or is skipped) before the next
 * entry comes; a damaged header or an early end throws TarError.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  for (;;) {
    if (await reader.atEnd()) throw new TarError('the archive ends without its end marker (it is truncated)');
    const header = await reader.exactly(BLOCK, 'a header');
    if (header.every((b) => b === 0)) return;
    const stored = Number.parseInt(header.toString('ascii', 148, 156).replace(/\0.*$/s, '').trim(), 8);
    if (stored !== checksum(header)) throw new TarError('a header is damaged (its checksum does not match)');
    const type = String.fromCharCode(header[156]!);
    if (type !== '0' && type !== '\0') throw new TarError('it holds an entry that is not a plain file');
    const name = header.toString('ascii', 0, 100).replace(/\0.*$/s, '');
    const size = Number.parseInt(header.toString('ascii', 124, 136).replace(/\0.*$/s, '').trim(), 8);
    if (!Number.isSafeInteger(size) || size < 0) throw new TarError(`the size of ${name} is unreadable`);
    let left = size;
    const next = async () => {
      const chunk = await reader.take(left);
      if (!chunk.length) throw new TarError(`the archive ends in the middle of ${name} (it is truncated)`);
      left -= chunk.length;
      return chunk;
    };
    const body = (async function* () {
      while (left > 0) yield await next();
    })();
    yield { name, size, body };
    // Whatever the reader left of this entry (it may stop early) is skipped, not taken for a header.
    while (left > 0) await next();
    await reader.exactly(tarPadding(size).length, `${name}`);
  }
}
