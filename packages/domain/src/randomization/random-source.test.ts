import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chacha20Block,
  createRandomStream,
  generateRandomizationSeed,
  RANDOMIZATION_SEED_PATTERN,
  sha256,
  shuffleInPlace,
  utf8,
} from './random-source';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe('issue 22 randomness: a ChaCha20 stream from the stored seed, in pure JavaScript', () => {
  it('computes the RFC 8439 §2.3.2 ChaCha20 block test vector', () => {
    const key = new Uint32Array([
      0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c, 0x13121110, 0x17161514, 0x1b1a1918, 0x1f1e1d1c,
    ]);
    const out = new Uint32Array(16);
    chacha20Block(key, 1, new Uint32Array([0x09000000, 0x4a000000, 0x00000000]), out);
    expect(Array.from(out, (w) => w.toString(16).padStart(8, '0'))).toEqual([
      'e4e7f110',
      '15593bd1',
      '1fdd0f50',
      'c47120a3',
      'c7f4d1c7',
      '0368c033',
      '9aaa2204',
      '4e6cd4c3',
      '466482d2',
      '09aa9f07',
      '05d7c214',
      'a2028bd9',
      'd19c12b5',
      'b94e16de',
      'e883d0cb',
      '4e3c50a2',
    ]);
  });

  it('computes FIPS 180-4 SHA-256 test vectors (stream nonces derive from it)', () => {
    expect(hex(sha256(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex(sha256('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(sha256('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(Array.from(utf8('é€😀'))).toEqual([0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80]);
  });

  it('makes 64-hex-character seeds from the platform CSPRNG and refuses malformed seeds', () => {
    const a = generateRandomizationSeed();
    expect(a).toMatch(RANDOMIZATION_SEED_PATTERN);
    expect(generateRandomizationSeed()).not.toBe(a);
    expect(generateRandomizationSeed((b) => b.fill(255))).toBe('f'.repeat(64));
    expect(() => createRandomStream('abc', 'x')).toThrow();
  });

  it('is reproducible from seed, label and position, and labels give independent streams', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.string(), (skip, label) => {
        const full = createRandomStream(SEED, label);
        for (let i = 0; i < skip; i++) full.nextUint32();
        expect(full.position).toBe(skip);
        const resumed = createRandomStream(SEED, label, skip);
        for (let i = 0; i < 20; i++) expect(resumed.nextUint32()).toBe(full.nextUint32());
      }),
      { numRuns: 50 },
    );
    const a = createRandomStream(SEED, 'blocks/a');
    const b = createRandomStream(SEED, 'blocks/b');
    expect([a.nextUint32(), a.nextUint32()]).not.toEqual([b.nextUint32(), b.nextUint32()]);
  });

  it('draws integers below n without bias and floats in [0, 1)', () => {
    const random = createRandomStream(SEED, 'uniformity');
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60000; i++) counts[random.nextInt(6)]++;
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(400); // > 4 sd
    for (let i = 0; i < 1000; i++) {
      const x = random.nextFloat();
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
    expect(() => random.nextInt(0)).toThrow(RangeError);
  });

  it('shuffles to a permutation', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    const shuffled = shuffleInPlace([...items], createRandomStream(SEED, 'shuffle'));
    expect([...shuffled].sort((x, y) => x - y)).toEqual(items);
    expect(shuffled).not.toEqual(items);
  });
});
