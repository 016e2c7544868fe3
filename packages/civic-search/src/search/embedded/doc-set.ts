/** A set of document positions as a bitset: filters combine with and/or/not over whole words. */
export class DocSet {
  readonly bits: Uint32Array;

  private constructor(readonly size: number) {
    this.bits = new Uint32Array((size + 31) >>> 5);
  }

  static empty(size: number): DocSet {
    return new DocSet(size);
  }

  static full(size: number): DocSet {
    return new DocSet(size).fill();
  }

  has(position: number): boolean {
    return (this.bits[position >>> 5] & (1 << (position & 31))) !== 0;
  }

  add(position: number): void {
    this.bits[position >>> 5] |= 1 << (position & 31);
  }

  /** Keeps only what `other` also has. */
  and(other: DocSet): this {
    for (let i = 0; i < this.bits.length; i++) this.bits[i] &= other.bits[i];
    return this;
  }

  /** Adds everything `other` has. */
  or(other: DocSet): this {
    for (let i = 0; i < this.bits.length; i++) this.bits[i] |= other.bits[i];
    return this;
  }

  /** Every position of 0 .. size - 1 this set does not have. */
  invert(): this {
    for (let i = 0; i < this.bits.length; i++) this.bits[i] = ~this.bits[i];
    return this.clearTail();
  }

  count(): number {
    let total = 0;
    for (let i = 0; i < this.bits.length; i++) {
      let word = this.bits[i];
      word -= (word >>> 1) & 0x55555555;
      word = (word & 0x33333333) + ((word >>> 2) & 0x33333333);
      total += (((word + (word >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return total;
  }

  /** Calls `visit` with each position, ascending. */
  forEach(visit: (position: number) => void): void {
    for (let i = 0; i < this.bits.length; i++) {
      let word = this.bits[i];
      while (word !== 0) {
        const lowest = word & -word;
        visit((i << 5) + 31 - Math.clz32(lowest));
        word ^= lowest;
      }
    }
  }

  private fill(): this {
    this.bits.fill(0xffffffff);
    return this.clearTail();
  }

  private clearTail(): this {
    const extra = this.size & 31;
    if (extra !== 0) this.bits[this.bits.length - 1] &= (1 << extra) - 1;
    return this;
  }
}
