/**
 * Text written piece by piece, as a string or straight into its UTF-8 bytes. A signed proof's statement
 * (proof-statement.ts, proof-statement-v3.ts) is written into either — its text for the signer and the published
 * examples, its bytes for a verifier, which needs only those — by the same code, so the bytes are always the UTF-8
 * of the text. A 10,000-roll statement is 1.3 MB: as lines of text, then one string, then bytes, it made 7 MB of
 * garbage in every verification, and garbage is what a verification spent most of its time collecting. The rollers
 * write each roll's HMAC message into one reused Utf8Writer for the same reason (roll-v3.ts, salted-roll.ts).
 *
 * @example
 *   const out = new Utf8Writer(1024);
 *   out.text("roll "); out.number(17); out.text("\n");
 *   out.bytes(); // the UTF-8 of "roll 17\n"
 */

/** Where a statement's pieces go; `number(n)` writes what `${n}` would. */
export interface StatementWriter {
  text(value: string): void;
  number(value: number): void;
}

/** The statement as text: the pieces, joined. */
export class TextWriter implements StatementWriter {
  private readonly pieces: string[] = [];

  text(value: string): void {
    this.pieces.push(value);
  }

  number(value: number): void {
    this.pieces.push(String(value));
  }

  toString(): string {
    return this.pieces.join("");
  }
}

const utf8 = new TextEncoder();

/** Node's Buffer, as far as it is used here (lib/ may not import node:buffer's types). */
interface NodeBuffer extends Uint8Array {
  /** Writes `text` as UTF-8 from `offset`, as TextEncoder encodes it (lone surrogates as U+FFFD); the bytes written. */
  write(text: string, offset: number): number;
}

/** Node's Buffer class, as far as it is used here. */
export interface NodeBufferClass {
  alloc(size: number): NodeBuffer;
}

/**
 * Node's Buffer class when the code runs in Node, got at run time as hash-backend.ts gets node:crypto (no import of
 * a Node built-in in lib/, no Buffer polyfill in a browser bundle); undefined in a browser.
 */
export const nodeBuffers = (globalThis.process?.getBuiltinModule?.("node:buffer") as { Buffer?: NodeBufferClass } | undefined)?.Buffer;

/**
 * From this many characters a piece of text is copied by native code: for 64, a loop in JavaScript was 3 times
 * slower; below about 24 the native call costs more than it saves.
 */
const LONG = 24;

/**
 * Text as UTF-8 bytes, written into one buffer that doubles when full: short ASCII text one character at a time,
 * longer or other text by native code — Node's Buffer.write in Node, TextEncoder in a browser — either of which
 * encodes text as TextEncoder does, lone surrogates too.
 */
export class Utf8Writer implements StatementWriter {
  private buffer: Uint8Array;
  private length = 0;

  /** `node`: Node's Buffer class, by default this runtime's; undefined writes as in a browser. */
  constructor(
    capacity: number,
    private readonly node: NodeBufferClass | undefined = nodeBuffers,
  ) {
    this.buffer = this.allocate(Math.max(64, capacity));
  }

  /** A zeroed buffer: a Node Buffer (for its native write) in Node, else a Uint8Array. */
  private allocate(size: number): Uint8Array {
    return this.node ? this.node.alloc(size) : new Uint8Array(size);
  }

  private room(more: number): Uint8Array {
    if (this.length + more > this.buffer.length) {
      const larger = this.allocate(Math.max(2 * this.buffer.length, this.length + more));
      larger.set(this.buffer.subarray(0, this.length));
      this.buffer = larger;
    }
    return this.buffer;
  }

  text(value: string): void {
    // At most 3 bytes a UTF-16 unit: a lone surrogate (U+FFFD) or a BMP character; a pair is 4 bytes for 2 units.
    const buffer = this.room(3 * value.length);
    if (value.length >= LONG) {
      this.length += this.node ? (buffer as NodeBuffer).write(value, this.length) : utf8.encodeInto(value, buffer.subarray(this.length)).written;
      return;
    }
    let at = this.length;
    for (let i = 0; i < value.length; i++) {
      const code = value.charCodeAt(i);
      if (code >= 0x80) {
        // The characters before are ASCII, so this slice splits no surrogate pair.
        this.length = at + utf8.encodeInto(value.slice(i), buffer.subarray(at)).written;
        return;
      }
      buffer[at++] = code;
    }
    this.length = at;
  }

  number(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) {
      this.text(String(value));
      return;
    }
    // A whole number's decimal digits, as String gives them, written from the last.
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    const buffer = this.room(digits);
    let rest = value;
    for (let i = this.length + digits - 1; i >= this.length; i--) {
      buffer[i] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.length += digits;
  }

  /** Starts again from the first `keep` bytes written (none by default), keeping the buffer. */
  reset(keep = 0): void {
    this.length = Math.min(keep, this.length);
  }

  /** How many bytes are written. */
  get size(): number {
    return this.length;
  }

  /** The buffer, whose first `size` bytes are the ones written (writing more may replace it): no view made. */
  get data(): Uint8Array {
    return this.buffer;
  }

  /** The bytes written so far (a view of the buffer: writing more may overwrite or replace it). */
  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}
