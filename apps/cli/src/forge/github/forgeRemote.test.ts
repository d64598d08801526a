import { describe, expect, it } from 'vitest';
import { remoteRepository } from './forgeRemote.js';

describe('remoteRepository', () => {
  it.each([
    ['https://github.com/octo/widgets.git', { host: 'github.com', owner: 'octo', repo: 'widgets' }],
    ['https://github.com/octo/widgets', { host: 'github.com', owner: 'octo', repo: 'widgets' }],
    ['git@github.com:octo/widgets.git', { host: 'github.com', owner: 'octo', repo: 'widgets' }],
    ['ssh://git@github.acme.io:2222/team/app.git', { host: 'github.acme.io', owner: 'team', repo: 'app' }],
    ['/srv/git/octo/widgets.git', { host: null, owner: 'octo', repo: 'widgets' }],
    ['file:///srv/git/octo/widgets.git', { host: null, owner: 'octo', repo: 'widgets' }],
  ])('reads %s', (url, expected) => {
    expect(remoteRepository(url)).toEqual(expected);
  });

  it('names no repository for a URL without OWNER/REPO', () => {
    expect(remoteRepository('widgets.git')).toBeNull();
    expect(remoteRepository('https://github.com/')).toBeNull();
    expect(remoteRepository('../widgets')).toBeNull();
  });
});
