/**
 * `redline threads`, `redline rounds` and their ref warnings print what a
 * round carries (a comment's text, a teammate's ref name) with bidi and
 * control characters escaped as `\u{…}` (the core's textSafety): a
 * U+202E, an ESC or a BEL never reaches the terminal raw.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRepo } from '../../../testSupport/gitRepo.js';
import { runRead, sendRound } from '../../../testSupport/reviewRounds.js';

/** Any bidi control, C0/C1 control other than LF, or CR. */
const RAW = /[\u202A-\u202E\u2066-\u2069\u0000-\u0009\u000B-\u001F\u007F-\u009F]/;

describe('text from rounds, on the terminal', () => {
  it('threads and rounds escape U+202E, ESC and BEL; a ref warning escapes the ref name', async () => {
    const repo = makeRepo({ commit: { 'a.txt': 'one\ntwo\n' } });
    repo.write('a.txt', 'one\nTWO\n');
    const text = 'looks \u202Efine\u202C \u001b[2J\u0007';
    await sendRound(repo.dir, () => ({
      verdict: 'comment',
      summary: '',
      annotations: [{ id: 'c1', kind: 'comment', scope: 'line', path: 'a.txt', side: 'new', startLine: 2, endLine: 2, text, createdAt: '2026-01-01T00:00:00.000Z' }],
    }));
    writeFileSync(join(repo.dir, '.git', 'not-a-round'), 'not a round');
    const blob = repo.git('hash-object', '-w', join(repo.dir, '.git', 'not-a-round')).trim();
    repo.git('update-ref', 'refs/redline/reviews/\u202Egpj.exe', blob);

    const threads = await runRead(repo.dir, ['threads']);
    expect(threads.code, threads.err).toBe(0);
    expect(threads.out).toContain('looks \\u{202E}fine\\u{202C} \\u001b[2J\\u0007');
    expect(threads.err).toContain('skipping refs/redline/reviews/\\u{202E}gpj.exe: ');
    const rounds = await runRead(repo.dir, ['rounds']);
    for (const output of [threads.out, threads.err, rounds.out, rounds.err]) expect(output).not.toMatch(RAW);
  }, 60_000);
});
