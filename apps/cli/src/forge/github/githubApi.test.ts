import { describe, expect, it } from 'vitest';
import { RedlineError } from '../../errors.js';
import { githubApiFor } from './githubApi.js';

describe('githubApiFor', () => {
  it('reaches github.com at api.github.com, and at GITHUB_API_URL when it is set', () => {
    expect(githubApiFor('github.com', {})).toEqual({ baseUrl: 'https://api.github.com' });
    expect(githubApiFor('github.com', { GITHUB_API_URL: 'http://127.0.0.1:4000/' })).toEqual({ baseUrl: 'http://127.0.0.1:4000' });
  });

  it('reaches an Enterprise host at its own /api/v3, or at GITHUB_API_URL when it names that host', () => {
    expect(githubApiFor('github.acme.io', {})).toEqual({ baseUrl: 'https://github.acme.io/api/v3' });
    expect(githubApiFor('code.acme.io', { GH_HOST: 'code.acme.io' })).toEqual({ baseUrl: 'https://code.acme.io/api/v3' });
    expect(githubApiFor('code.acme.io', { GITHUB_API_URL: 'https://code.acme.io/api/v3' })).toEqual({
      baseUrl: 'https://code.acme.io/api/v3',
    });
  });

  it.each([
    ['gitlab.com', {}, 'gitlab.com is not a GitHub host redline knows: for GitHub Enterprise set GITHUB_API_URL=https://gitlab.com/api/v3'],
    ['code.acme.io', { GITHUB_API_URL: 'https://github.other.io/api/v3' }, 'the pull request is on code.acme.io, but GITHUB_API_URL names the API of github.other.io'],
    ['github.com', { GITHUB_API_URL: 'not a url' }, 'GITHUB_API_URL is not an http(s) URL: "not a url"'],
  ])('refuses %s in one line', (host, env, message) => {
    expect(() => githubApiFor(host, env)).toThrow(RedlineError);
    expect(() => githubApiFor(host, env)).toThrow(message);
  });
});
