/** Atomic writes: whole files only, last write wins, no temp files left behind. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../testSupport/gitRepo.js';
import { writeFileAtomic } from './writeFileAtomic.js';

describe('writeFileAtomic', () => {
  it('creates missing directories (0700) and the file (0600)', async () => {
    const dir = makeTempDir();
    const path = join(dir, 'a', 'b', 'draft.json');
    await writeFileAtomic(path, '{"x":1}');
    expect(readFileSync(path, 'utf8')).toBe('{"x":1}');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'a', 'b')).mode & 0o777).toBe(0o700);
  });

  it('50 concurrent writes of different sizes: the last one wins, whole, and no temp file remains', async () => {
    const dir = makeTempDir();
    const path = join(dir, 'f.json');
    const bodies = Array.from({ length: 50 }, (_, i) => JSON.stringify({ i, pad: 'p'.repeat((i * 7919) % 100_000) }));
    await Promise.all(bodies.map((body) => writeFileAtomic(path, body)));
    expect(readFileSync(path, 'utf8')).toBe(bodies[49]);
    expect(readdirSync(dir)).toEqual(['f.json']);
  });

  it('a failed write leaves the previous content in place', async () => {
    const dir = makeTempDir();
    const path = join(dir, 'f.txt');
    await writeFileAtomic(path, 'good');
    await expect(writeFileAtomic(path, Symbol('not data') as unknown as string)).rejects.toThrow();
    expect(readFileSync(path, 'utf8')).toBe('good');
    expect(readdirSync(dir)).toEqual(['f.txt']);
  });
});
