/** The argument parser's accepted forms (its refusals are covered through runCli). */
import { describe, expect, it } from 'vitest';
import { parseArgs } from './parseArgs.js';

const review = (argv: string[]) => {
  const command = parseArgs(argv);
  if (command.kind !== 'review') throw new Error(`expected a review, got ${command.kind}`);
  return command.options;
};

describe('parseArgs', () => {
  it('defaults: working tree, random port, open the browser, markdown', () => {
    expect(review([])).toEqual({ target: { kind: 'working-tree' }, port: 0, open: true, json: false, output: null, repo: null, newSeries: false, untrackedRenames: true });
  });

  it('reads every target form', () => {
    expect(review(['abc123']).target).toEqual({ kind: 'commit', ref: 'abc123' });
    expect(review(['v1.0..v2.0']).target).toEqual({ kind: 'range', from: 'v1.0', to: 'v2.0', symmetric: false });
    expect(review(['main...topic']).target).toEqual({ kind: 'range', from: 'main', to: 'topic', symmetric: true });
    expect(review(['main..']).target).toEqual({ kind: 'range', from: 'main', to: 'HEAD', symmetric: false });
    expect(review(['--staged']).target).toEqual({ kind: 'staged' });
    expect(review(['--base', 'origin/main']).target).toEqual({ kind: 'base', ref: 'origin/main' });
    expect(review(['--base=origin/main']).target).toEqual({ kind: 'base', ref: 'origin/main' });
    expect(review(['--patch', '-']).target).toEqual({ kind: 'patch', file: '-' });
    expect(review(['--demo']).target).toEqual({ kind: 'demo' });
    expect(review(['--', 'HEAD~2']).target).toEqual({ kind: 'commit', ref: 'HEAD~2' });
    expect(review(['https://github.com/octo/widgets/pull/7/files']).target).toEqual({
      kind: 'pull-request',
      pull: { by: 'url', ref: { host: 'github.com', owner: 'octo', repo: 'widgets', number: 7 } },
    });
    expect(review(['pr', '7', '--repo', 'x']).target).toEqual({ kind: 'pull-request', pull: { by: 'number', number: 7 } });
    expect(review(['pr']).target).toEqual({ kind: 'commit', ref: 'pr' });
  });

  it('reads options in both --name value and --name=value forms', () => {
    expect(review(['--port=8123', '--no-open', '--json', '--output', 'out.md', '--repo=../x'])).toEqual({
      target: { kind: 'working-tree' },
      port: 8123,
      open: false,
      json: true,
      output: 'out.md',
      repo: '../x',
      newSeries: false,
      untrackedRenames: true,
    });
    expect(review(['--new-series']).newSeries).toBe(true);
    expect(review(['--no-untracked-renames']).untrackedRenames).toBe(false);
  });

  it('help and version win; apply hands over the rest untouched', () => {
    expect(parseArgs(['--staged', '-h'])).toEqual({ kind: 'help' });
    expect(parseArgs(['-v'])).toEqual({ kind: 'version' });
    expect(parseArgs(['apply', '--dry-run', 'x.md'])).toEqual({ kind: 'apply', args: ['--dry-run', 'x.md'] });
    expect(parseArgs(['threads', '--state', 'open'])).toEqual({ kind: 'threads', args: ['--state', 'open'] });
  });
});
