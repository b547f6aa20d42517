/**
 * Buffers lent to renders and given back once their picture is encoded: a 4,000 px map's pixels
 * are 48 MB, and a buffer that large is mapped afresh by the system each time it is made, its pages
 * faulted in one by one as they are first written — more CPU than the paint written into them
 * (docs/benchmarks.md, masked-picture). The most recently given back are kept, `maxBytes` in all.
 * A buffer lent holds what the last render left in it: its borrower writes every byte.
 */
export function spareBuffers(maxBytes: number) {
  /** Most recently given back first. */
  const kept: Buffer[] = [];
  return {
    /** A buffer of `length` bytes, of unknown content, the borrower's alone until given back. */
    take(length: number): Buffer {
      const at = kept.findIndex((buffer) => buffer.length === length);
      return at === -1 ? Buffer.allocUnsafe(length) : kept.splice(at, 1)[0]!;
    },
    /** Kept for a next render unless it alone is over the bound; the oldest kept go past it. */
    giveBack(buffer: Buffer): void {
      if (buffer.length > maxBytes) return;
      kept.unshift(buffer);
      let total = 0;
      const within = kept.findIndex((kept) => (total += kept.length) > maxBytes);
      if (within !== -1) kept.length = within;
    },
  };
}
