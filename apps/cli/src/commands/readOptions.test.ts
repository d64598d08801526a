/** Both commands refuse bad options with the same words, as usage errors (exit 2). */
import { describe, expect, it } from 'vitest';
import { exitCodeFor, isRedlineError } from '../errors.js';
import { parseApplyArgs } from './apply/parseApplyArgs.js';
import { parseArgs } from './review/parseArgs.js';

function refusal(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    if (!isRedlineError(error)) throw error;
    expect(exitCodeFor(error.code)).toBe(2);
    return error.message;
  }
  throw new Error('expected a usage error');
}

describe('one error style for redline and redline apply', () => {
  it.each([
    [['--bogus'], ['--bogus'], "unknown option '--bogus'"],
    [['-x'], ['-x'], "unknown option '-x'"],
    [['--json=yes'], ['--json=yes'], 'option --json takes no value'],
    [['--repo'], ['--repo'], 'option --repo needs a value'],
    [['--repo='], ['--repo='], 'option --repo needs a value'],
    [['--repo', 'a', '--repo', 'b'], ['--repo', 'a', '--repo=b'], 'option --repo given more than once'],
  ])('redline %j and redline apply %j: %s', (review, apply, message) => {
    expect(refusal(() => parseArgs(review))).toBe(message);
    expect(refusal(() => parseApplyArgs(apply))).toBe(message);
  });

  it('apply adds up --only lists and refuses an empty id', () => {
    expect(parseApplyArgs(['--only', 'a,b', '--only=c']).only).toEqual(['a', 'b', 'c']);
    expect(refusal(() => parseApplyArgs(['--only', 'a,,b']))).toBe("option --only has an empty id in 'a,,b'");
  });
});
