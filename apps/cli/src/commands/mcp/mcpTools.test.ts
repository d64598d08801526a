/**
 * start_review's arguments, read by `redline start`'s own parser: a target
 * given over MCP is the review's target, with `--json` kept as an option
 * (it was appended after `--`, so `{"target":"HEAD"}` answered "expected at
 * most one target, got 'HEAD' '--json'").
 */
import { describe, expect, it } from 'vitest';
import { parseStartArgs } from '../start/parseStartArgs.js';
import { annotateArgs, startArgs } from './mcpTools.js';

describe('start_review', () => {
  it.each([
    [{ target: 'HEAD' }, { kind: 'commit' }],
    [{ target: 'main..HEAD', repo: '/r' }, { kind: 'range' }],
    [{ base: 'main', open: false }, { kind: 'base', ref: 'main' }],
    [{ staged: true }, { kind: 'staged' }],
  ])('%j is read as that target, as JSON', (input, target) => {
    const args = parseStartArgs(startArgs(input));
    expect(args.kind).toBe('start');
    if (args.kind !== 'start') return;
    expect(args.options.json).toBe(true);
    expect(args.options.target).toMatchObject(target);
  });
});

describe('post_findings and post_tour', () => {
  it("post into a compared attempt's column with its variant, as redline annotate --variant does", () => {
    expect(annotateArgs({ findings: [], repo: '/r' })).toEqual(['-', '--json', '--repo', '/r']);
    expect(annotateArgs({ title: 't', steps: [], variant: 'B' })).toEqual(['-', '--json', '--variant', 'B']);
  });
});
