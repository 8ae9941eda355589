/**
 * The randomness of allocation (issue 22, DESIGN.md "Randomness for allocation comes from a CSPRNG"):
 * a deterministic stream derived from a stored 256-bit seed, in pure JavaScript (no node:crypto, no
 * WebCrypto) so that the same code allocates on the server and simulates in the browser.
 *
 * Construction: the seed (32 bytes, 64 hex characters, drawn once from the platform CSPRNG by
 * `generateRandomizationSeed`) is the ChaCha20 key (RFC 8439). Each named stream (`blocks/<stratum>`,
 * `minimization/<n>`, `simulation/<trial>`) takes as its 96-bit nonce the first 12 bytes of
 * SHA-256(label), and is ChaCha20's keystream read as little-endian 32-bit words from block 0. A
 * stream's position is the number of words read, so (seed, label, position) reproduces every draw.
 * Integers below n use rejection sampling (no modulo bias); floats take 53 bits.
 */

const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574] as const;

function rotl(x: number, n: number): number {
  return (x << n) | (x >>> (32 - n));
}

/** RFC 8439 §2.3: one 64-byte ChaCha20 block as 16 words, for key (8 words), counter and nonce (3 words). */
export function chacha20Block(key: Uint32Array, counter: number, nonce: Uint32Array, out: Uint32Array): void {
  const s = new Uint32Array(16);
  s[0] = SIGMA[0];
  s[1] = SIGMA[1];
  s[2] = SIGMA[2];
  s[3] = SIGMA[3];
  for (let i = 0; i < 8; i++) s[4 + i] = key[i] ?? 0;
  s[12] = counter >>> 0;
  s[13] = nonce[0] ?? 0;
  s[14] = nonce[1] ?? 0;
  s[15] = nonce[2] ?? 0;
  let x0 = s[0] ?? 0,
    x1 = s[1] ?? 0,
    x2 = s[2] ?? 0,
    x3 = s[3] ?? 0;
  let x4 = s[4] ?? 0,
    x5 = s[5] ?? 0,
    x6 = s[6] ?? 0,
    x7 = s[7] ?? 0;
  let x8 = s[8] ?? 0,
    x9 = s[9] ?? 0,
    x10 = s[10] ?? 0,
    x11 = s[11] ?? 0;
  let x12 = s[12] ?? 0,
    x13 = s[13] ?? 0,
    x14 = s[14] ?? 0,
    x15 = s[15] ?? 0;
  for (let i = 0; i < 10; i++) {
    // column rounds
    x0 = (x0 + x4) | 0;
    x12 = rotl(x12 ^ x0, 16);
    x8 = (x8 + x12) | 0;
    x4 = rotl(x4 ^ x8, 12);
    x0 = (x0 + x4) | 0;
    x12 = rotl(x12 ^ x0, 8);
    x8 = (x8 + x12) | 0;
    x4 = rotl(x4 ^ x8, 7);
    x1 = (x1 + x5) | 0;
    x13 = rotl(x13 ^ x1, 16);
    x9 = (x9 + x13) | 0;
    x5 = rotl(x5 ^ x9, 12);
    x1 = (x1 + x5) | 0;
    x13 = rotl(x13 ^ x1, 8);
    x9 = (x9 + x13) | 0;
    x5 = rotl(x5 ^ x9, 7);
    x2 = (x2 + x6) | 0;
    x14 = rotl(x14 ^ x2, 16);
    x10 = (x10 + x14) | 0;
    x6 = rotl(x6 ^ x10, 12);
    x2 = (x2 + x6) | 0;
    x14 = rotl(x14 ^ x2, 8);
    x10 = (x10 + x14) | 0;
    x6 = rotl(x6 ^ x10, 7);
    x3 = (x3 + x7) | 0;
    x15 = rotl(x15 ^ x3, 16);
    x11 = (x11 + x15) | 0;
    x7 = rotl(x7 ^ x11, 12);
    x3 = (x3 + x7) | 0;
    x15 = rotl(x15 ^ x3, 8);
    x11 = (x11 + x15) | 0;
    x7 = rotl(x7 ^ x11, 7);
    // diagonal rounds
    x0 = (x0 + x5) | 0;
    x15 = rotl(x15 ^ x0, 16);
    x10 = (x10 + x15) | 0;
    x5 = rotl(x5 ^ x10, 12);
    x0 = (x0 + x5) | 0;
    x15 = rotl(x15 ^ x0, 8);
    x10 = (x10 + x15) | 0;
    x5 = rotl(x5 ^ x10, 7);
    x1 = (x1 + x6) | 0;
    x12 = rotl(x12 ^ x1, 16);
    x11 = (x11 + x12) | 0;
    x6 = rotl(x6 ^ x11, 12);
    x1 = (x1 + x6) | 0;
    x12 = rotl(x12 ^ x1, 8);
    x11 = (x11 + x12) | 0;
    x6 = rotl(x6 ^ x11, 7);
    x2 = (x2 + x7) | 0;
    x13 = rotl(x13 ^ x2, 16);
    x8 = (x8 + x13) | 0;
    x7 = rotl(x7 ^ x8, 12);
    x2 = (x2 + x7) | 0;
    x13 = rotl(x13 ^ x2, 8);
    x8 = (x8 + x13) | 0;
    x7 = rotl(x7 ^ x8, 7);
    x3 = (x3 + x4) | 0;
    x14 = rotl(x14 ^ x3, 16);
    x9 = (x9 + x14) | 0;
    x4 = rotl(x4 ^ x9, 12);
    x3 = (x3 + x4) | 0;
    x14 = rotl(x14 ^ x3, 8);
    x9 = (x9 + x14) | 0;
    x4 = rotl(x4 ^ x9, 7);
  }
  const x = [x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15];
  for (let i = 0; i < 16; i++) out[i] = ((x[i] ?? 0) + (s[i] ?? 0)) >>> 0;
}

const K256 = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

function rotr(x: number, n: number): number {
  return (x >>> n) | (x << (32 - n));
}

/** UTF-8 bytes of a string (no TextEncoder: the domain compiles without DOM or Node types). */
export function utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return Uint8Array.from(out);
}

/** FIPS 180-4 SHA-256 of the UTF-8 bytes of `text` (used only to derive stream nonces from labels). */
export function sha256(text: string): Uint8Array {
  const bytes = utf8(text);
  const bitLength = bytes.length * 8;
  const padded = new Uint8Array(Math.ceil((bytes.length + 9) / 64) * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x100000000));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const h = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15] ?? 0;
      const b = w[i - 2] ?? 0;
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      w[i] = ((w[i - 16] ?? 0) + s0 + (w[i - 7] ?? 0) + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [
      h[0] ?? 0,
      h[1] ?? 0,
      h[2] ?? 0,
      h[3] ?? 0,
      h[4] ?? 0,
      h[5] ?? 0,
      h[6] ?? 0,
      h[7] ?? 0,
    ];
    for (let i = 0; i < 64; i++) {
      const t1 =
        (hh +
          (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) +
          ((e & f) ^ (~e & g)) +
          (K256[i] ?? 0) +
          (w[i] ?? 0)) >>>
        0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    const next = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) h[i] = ((h[i] ?? 0) + (next[i] ?? 0)) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(i * 4, h[i] ?? 0);
  return out;
}

/** A stored seed: 64 lowercase hex characters (256 bits). */
export const RANDOMIZATION_SEED_PATTERN = /^[0-9a-f]{64}$/;

/** A fresh seed from the platform CSPRNG (`crypto.getRandomValues`, in browsers and Node 19+), or from `fill`. */
export function generateRandomizationSeed(
  fill: (bytes: Uint8Array) => void = (bytes) => {
    const platform = (globalThis as { crypto?: { getRandomValues(b: Uint8Array): Uint8Array } }).crypto;
    if (!platform) throw new Error('no CSPRNG (crypto.getRandomValues) on this platform');
    platform.getRandomValues(bytes);
  },
): string {
  const bytes = new Uint8Array(32);
  fill(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function seedWords(seed: string): Uint32Array {
  if (!RANDOMIZATION_SEED_PATTERN.test(seed))
    throw new Error('A randomization seed is 64 lowercase hex characters');
  const words = new Uint32Array(8);
  for (let i = 0; i < 8; i++) {
    // little-endian words of the key bytes, as RFC 8439 reads the key
    let word = 0;
    for (let b = 3; b >= 0; b--)
      word = (word << 8) | Number.parseInt(seed.slice((i * 4 + b) * 2, (i * 4 + b) * 2 + 2), 16);
    words[i] = word >>> 0;
  }
  return words;
}

/** A source of random draws; every method takes one, so tests and simulations can inject their own. */
export interface RandomSource {
  /** A uniform 32-bit unsigned integer. */
  nextUint32(): number;
  /** A uniform integer in [0, n), n ≥ 1. */
  nextInt(n: number): number;
  /** A uniform float in [0, 1) with 53 random bits. */
  nextFloat(): number;
  /** Words read so far; with the seed and label it reproduces the stream. */
  readonly position: number;
}

/** Shared draws built on `nextUint32`. */
export function intBelow(nextUint32: () => number, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 0x100000000) throw new RangeError(`nextInt(${n})`);
  if (n === 1) return 0;
  const limit = 0x100000000 - (0x100000000 % n);
  for (;;) {
    const x = nextUint32();
    if (x < limit) return x % n;
  }
}

/**
 * The ChaCha20 stream of `label` under `seed`, starting at word `position` (0 for a new stream).
 * Deterministic: the same seed, label and position give the same draws on every platform.
 */
export function createRandomStream(seed: string, label: string, position = 0): RandomSource {
  const key = seedWords(seed);
  const digest = sha256(label);
  const dv = new DataView(digest.buffer);
  const nonce = new Uint32Array([dv.getUint32(0, true), dv.getUint32(4, true), dv.getUint32(8, true)]);
  const block = new Uint32Array(16);
  let pos = position;
  let loadedBlock = -1;
  const nextUint32 = (): number => {
    const blockIndex = Math.floor(pos / 16);
    if (blockIndex !== loadedBlock) {
      if (blockIndex > 0xffffffff) throw new RangeError('randomization stream exhausted');
      chacha20Block(key, blockIndex, nonce, block);
      loadedBlock = blockIndex;
    }
    const word = block[pos % 16] ?? 0;
    pos++;
    return word;
  };
  return {
    nextUint32,
    nextInt: (n) => intBelow(nextUint32, n),
    nextFloat: () => {
      const hi = nextUint32() >>> 5; // 27 bits
      const lo = nextUint32() >>> 6; // 26 bits
      return (hi * 67108864 + lo) / 9007199254740992;
    },
    get position() {
      return pos;
    },
  };
}

/** Fisher–Yates shuffle in place with draws from `random`. */
export function shuffleInPlace<T>(items: T[], random: RandomSource): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.nextInt(i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}
