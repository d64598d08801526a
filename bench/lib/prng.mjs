/**
 * A small seeded PRNG (mulberry32) so every generated repository is the same
 * byte for byte on every machine and every run: same trees, same commit ids.
 */

/** 32-bit FNV-1a of a string, used to turn a repository name into a seed. */
export function seedFromString(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export class Prng {
  constructor(seed) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next() {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min, max) {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick(items) {
    return items[Math.floor(this.next() * items.length)];
  }

  chance(probability) {
    return this.next() < probability;
  }

  /** Picks a key of `weights` ({ key: weight }) with probability proportional to its weight. */
  weighted(weights) {
    const entries = Object.entries(weights);
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [key, w] of entries) {
      roll -= w;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1][0];
  }

  /** A log-normal-ish positive weight (median 1): a few big files, many small ones, as in real diffs. */
  spread(sigma) {
    // Box-Muller on two uniforms; Math.log/cos/exp are deterministic in V8 (fdlibm ports).
    const u = 1 - this.next();
    const v = this.next();
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return Math.exp(normal * sigma);
  }

  /** A lowercase hex string of `length` digits. */
  hex(length) {
    let out = '';
    for (let i = 0; i < length; i++) out += '0123456789abcdef'[this.int(0, 15)];
    return out;
  }
}
