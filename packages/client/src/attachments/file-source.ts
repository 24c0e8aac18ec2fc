// Where an upload's plaintext comes from: a Blob (a browser File, Node's Blob), read
// by slices, or a stream of known length read once, front to back. Either way the
// chunks come out in order, Padmé-padded with zeros after the file's last byte
// (docs/client-crypto.md, "Attachments"), so a 100 MB file is never held whole.

export type FileSource = Blob | { size: number; stream: ReadableStream<Uint8Array> };

export const sourceSize = (source: FileSource): number => source.size;

/** Yields chunk `index` and its plaintext for every index in `wanted`, ascending. */
export async function* readChunks(
  source: FileSource,
  layout: { paddedSize: number; chunkBytes: number; chunkCount: number },
  wanted: ReadonlySet<number>,
): AsyncGenerator<{ index: number; plaintext: Uint8Array }> {
  const read = source instanceof Blob ? blobReader(source) : streamReader(source);
  for (let index = 0; index < layout.chunkCount; index++) {
    const start = index * layout.chunkBytes;
    const end = Math.min(layout.paddedSize, start + layout.chunkBytes);
    if (!wanted.has(index)) {
      await read.skip(start, end);
      continue;
    }
    const plaintext = new Uint8Array(end - start);
    plaintext.set(await read.bytes(start, Math.min(end, source.size)));
    yield { index, plaintext };
  }
}

interface Reader {
  bytes(start: number, end: number): Promise<Uint8Array>;
  skip(start: number, end: number): Promise<void>;
}

function blobReader(blob: Blob): Reader {
  return {
    bytes: async (start, end) =>
      end <= start ? new Uint8Array(0) : new Uint8Array(await blob.slice(start, end).arrayBuffer()),
    skip: async () => {},
  };
}

/** Reads a stream in order; `start` is always where the last read ended. */
function streamReader(source: { size: number; stream: ReadableStream<Uint8Array> }): Reader {
  const reader = source.stream.getReader();
  let pending: Uint8Array = new Uint8Array(0);
  async function take(length: number): Promise<Uint8Array> {
    const out = new Uint8Array(length);
    let filled = 0;
    while (filled < length) {
      if (pending.length === 0) {
        const { done, value } = await reader.read();
        if (done) throw new RangeError(`the stream ended ${length - filled} bytes early`);
        pending = value;
        continue;
      }
      const n = Math.min(pending.length, length - filled);
      out.set(pending.subarray(0, n), filled);
      pending = pending.subarray(n);
      filled += n;
    }
    return out;
  }
  return {
    bytes: (start, end) => take(Math.max(0, end - start)),
    skip: async (start, end) => {
      await take(Math.max(0, Math.min(end, source.size) - start));
    },
  };
}
