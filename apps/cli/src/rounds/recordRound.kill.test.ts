/**
 * Atomic rounds: a writer process records rounds one after another and is
 * SIGKILLed after a random delay, again and again. After every kill the
 * refs are fsck-clean, every round ref reads as a round, and the series'
 * numbers run 1..n without a gap: a kill leaves the previous rounds or the
 * new complete one, never a broken ref. Runs the built CLI (tsc -b apps/cli).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeRepo, makeTempDir } from '../../testSupport/gitRepo.js';
import { readAllSeries } from './readSeries.js';

const ROOT = resolve(__dirname, '../../../..');
const DIST = join(ROOT, 'apps/cli/dist');
const ITERATIONS = 40;

/** Reads the series, then records the next round of it; loops until killed. */
const WRITER = `
import { readAllSeries } from ${JSON.stringify(join(DIST, 'rounds/readSeries.js'))};
import { recordRound } from ${JSON.stringify(join(DIST, 'rounds/recordRound.js'))};
const root = process.argv[2];
const base = process.argv[3];
for (;;) {
  const { series } = await readAllSeries(root);
  const last = series[0]?.rounds.at(-1) ?? null;
  const number = (last?.record.number ?? 0) + 1;
  const round = { series: base.slice(0, 12) + '-abcdef', target: { kind: 'worktree' }, baseCommit: base, number, reviewer: 'kim', time: new Date().toISOString(), verdict: 'comment', counts: { comments: 0, suggestions: 0, acts: 0 }, acts: [] };
  await recordRound(root, round, '{}\\n', last?.commit ?? null, last?.commit ?? null);
  process.stdout.write(number + '\\n');
}
`;

beforeAll(() => {
  try {
    execFileSync('npx', ['tsc', '-b', 'apps/cli'], { cwd: ROOT, stdio: 'ignore' });
  } catch {
    // checked below
  }
  expect(existsSync(join(DIST, 'rounds/recordRound.js'))).toBe(true);
}, 120_000);

function lockFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.lock')).map((name) => join(dir, name));
}

describe('recordRound under kill -9', () => {
  it(`${ITERATIONS} writers killed at random moments leave only whole rounds`, async () => {
    const repo = makeRepo({ commit: { 'a.txt': 'a\n' } });
    for (let i = 0; i < 50; i++) repo.write(`f/${i}.txt`, `file ${i}\n`);
    const base = repo.git('rev-parse', 'HEAD').trim();
    const script = join(makeTempDir(), 'writer.mjs');
    execFileSync('sh', ['-c', `cat > '${script}'`], { input: WRITER });
    let staleLocks = 0;
    let written = 0;
    for (let i = 0; i < ITERATIONS; i++) {
      const child = spawn(process.execPath, [script, repo.dir, base], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk: Buffer) => (written += chunk.toString().split('\n').filter(Boolean).length));
      await new Promise((done) => setTimeout(done, 80 + Math.random() * 900));
      child.kill('SIGKILL');
      await new Promise((done) => child.on('close', done));
      expect(repo.git('fsck', '--no-dangling', '--no-progress'), `iteration ${i}`).toBe('');
      const reading = await readAllSeries(repo.dir);
      expect(reading.skipped, `iteration ${i}`).toEqual([]);
      const numbers = reading.series.flatMap((series) => series.rounds.map((round) => round.record.number));
      expect(numbers, `iteration ${i}`).toEqual(numbers.map((_, n) => n + 1));
      // A kill inside update-ref can leave its lock file: the ref is intact; the next write would refuse.
      for (const lock of lockFiles(join(repo.dir, '.git', 'refs', 'redline'))) {
        expect(statSync(lock).isFile()).toBe(true);
        rmSync(lock);
        staleLocks++;
      }
    }
    const rounds = (await readAllSeries(repo.dir)).series[0]?.rounds.length ?? 0;
    expect(rounds).toBeGreaterThan(0);
    expect(rounds).toBeGreaterThanOrEqual(written);
    console.log(`kill -9 loop: ${ITERATIONS} kills, ${rounds} rounds recorded, ${staleLocks} stale ref locks`);
  }, 180_000);
});
