import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../testing/editFuzz.js';
import { checkSession, generateSessionCase } from '../testing/fixSetFuzz.js';

const SEED = 0x5eed_0038;
const CASES = 12_000;
const MIN_SETS = 8_000;

describe('deriveFixSet fuzz (seeded multi-file sessions)', () => {
  it(`${CASES} seeded sessions of 2-4 files (>= ${MIN_SETS} sets): no overlap within a file, every originalCode found at its lines, applying the members gives each file's after exactly, the set id stable under re-derivation`, () => {
    const rng = mulberry32(SEED);
    const failures: string[] = [];
    let sets = 0;
    let members = 0;
    for (let n = 0; n < CASES; n++) {
      const outcome = checkSession(generateSessionCase(rng));
      if (outcome.violations.length > 0) failures.push(`case ${n}: ${outcome.violations.join(', ')}`);
      if (outcome.kind === 'set') sets++;
      members += outcome.members;
    }
    expect(failures.slice(0, 5)).toEqual([]);
    expect(sets).toBeGreaterThanOrEqual(MIN_SETS);
    expect(members).toBeGreaterThan(CASES * 2);
  }, 120_000);
});
