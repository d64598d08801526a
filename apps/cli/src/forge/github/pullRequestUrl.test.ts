import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RedlineError } from '../../errors.js';
import { parsePullRequestUrl, pullRequestName } from './pullRequestUrl.js';

describe('parsePullRequestUrl', () => {
  it.each([
    ['https://github.com/octo/widgets/pull/42', { host: 'github.com', owner: 'octo', repo: 'widgets', number: 42 }],
    ['https://github.com/octo/widgets/pull/42/files', { number: 42 }],
    ['https://github.com/octo/widgets/pull/42/commits/abc123', { number: 42 }],
    ['https://github.com/octo/widgets/pull/42#discussion_r1', { number: 42 }],
    ['https://github.com/octo/widgets/pull/42?w=1', { number: 42 }],
    ['https://GitHub.com/octo/my.repo_2/pull/1/', { host: 'github.com', repo: 'my.repo_2', number: 1 }],
    ['https://github.example.com:8443/team/app/pull/9', { host: 'github.example.com:8443', owner: 'team', repo: 'app' }],
  ])('reads %s', (url, expected) => {
    expect(parsePullRequestUrl(url)).toMatchObject(expected);
  });

  it.each([
    ['github.com/octo/widgets/pull/1', 'not a URL'],
    ['ftp://github.com/octo/widgets/pull/1', 'the scheme is ftp:'],
    ['https://github.com/octo/widgets', 'a repository, not a pull request'],
    ['https://github.com/octo/widgets/issues/1', 'a "issues" page, not a pull request'],
    ['https://github.com/octo/widgets/pull/', 'no pull request number'],
    ['https://github.com/octo/widgets/pull/0', 'no pull request number'],
    ['https://github.com/octo/widgets/pull/12abc', 'no pull request number'],
    ['https://github.com/octo/widgets/pull/1/blame', 'unknown page "blame"'],
    ['https://github.com/-octo/widgets/pull/1', 'not a GitHub owner'],
    ['https://github.com/octo/../pull/1', 'a repository, not a pull request'],
    ['https://user:pw@github.com/octo/widgets/pull/1', 'user name or password'],
  ])('refuses %s as a usage error that says why', (url, why) => {
    let caught: unknown;
    try {
      parsePullRequestUrl(url);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RedlineError);
    expect((caught as RedlineError).code).toBe('usage');
    expect((caught as RedlineError).message).toContain(why);
  });

  it('names a pull request OWNER/REPO#N', () => {
    expect(pullRequestName(parsePullRequestUrl('https://github.com/octo/widgets/pull/42'))).toBe('octo/widgets#42');
  });

  // Invariant: any text either parses or is refused with a usage RedlineError (never another error), and a
  // URL formatted from a valid owner, repo and number reads back as exactly those. 400 cases each.
  it('reads back what it formats, and refuses anything else with a usage error', () => {
    const owner = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/);
    const repo = fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/).filter((name) => !name.endsWith('.git'));
    const number = fc.integer({ min: 1, max: 2_000_000_000 });
    fc.assert(
      fc.property(owner, repo, number, fc.constantFrom('', '/files', '/commits', '#x', '?a=b'), (o, r, n, tail) => {
        expect(parsePullRequestUrl(`https://github.com/${o}/${r}/pull/${n}${tail}`)).toEqual({ host: 'github.com', owner: o, repo: r, number: n });
      }),
      { numRuns: 400, seed: 37 },
    );
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl({ withQueryParameters: true, withFragments: true })), (text) => {
        try {
          parsePullRequestUrl(text);
        } catch (error) {
          expect(error).toBeInstanceOf(RedlineError);
          expect((error as RedlineError).code).toBe('usage');
        }
      }),
      { numRuns: 400, seed: 38 },
    );
  });

  it('reads a long hostile path in linear time', () => {
    const hostile = `https://github.com/${'a/'.repeat(200_000)}pull/1`;
    const started = performance.now();
    expect(() => parsePullRequestUrl(hostile)).toThrow(RedlineError);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
