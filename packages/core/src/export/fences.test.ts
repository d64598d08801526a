import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeSpan, fenceFor, fencedBlock, longestBacktickRun, readCodeSpan } from './fences.js';

describe('fenceFor', () => {
  it('is at least three backticks, and one longer than the longest run inside', () => {
    expect(fenceFor('')).toBe('```');
    expect(fenceFor('no ticks')).toBe('```');
    expect(fenceFor('a `b` c')).toBe('```');
    expect(fenceFor('``')).toBe('```');
    expect(fenceFor('```')).toBe('````');
    expect(fenceFor('x\n````ts\ny\n````\n` ``')).toBe('`````');
    expect(fenceFor('`'.repeat(12))).toBe('`'.repeat(13));
    expect(longestBacktickRun('a``b````c`')).toBe(4);
  });

  it('no line of the content can close the block (property, 2,000 cases, seed 11)', () => {
    const line = fc.string({ unit: fc.constantFrom('`', '`', '`', ' ', 'a', '~'), maxLength: 16 });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), fc.constantFrom('', 'ts', 'md'), (lines, info) => {
        const content = lines.join('\n');
        const block = fencedBlock(content, info).split('\n');
        const fence = fenceFor(content);
        expect(block[0]).toBe(fence + info);
        expect(block.at(-1)).toBe(fence);
        for (const inner of block.slice(1, -1)) expect(/^ {0,3}(`+)\s*$/.exec(inner)?.[1]?.length ?? 0).toBeLessThan(fence.length);
        expect(block.slice(1, -1).join('\n')).toBe(content);
      }),
      { seed: 11, numRuns: 2000 },
    );
  }, 60_000);

  it('refuses an info string with a backtick or whitespace', () => {
    expect(() => fencedBlock('x', 'a b')).toThrow(/info string/);
    expect(() => fencedBlock('x', 'a`')).toThrow(/info string/);
  });
});

describe('codeSpan / readCodeSpan', () => {
  it('pads only when CommonMark would otherwise eat or merge characters', () => {
    expect(codeSpan('src/a.ts')).toBe('`src/a.ts`');
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('`tick')).toBe('`` `tick ``');
    expect(codeSpan(' both ')).toBe('`  both  `');
    expect(codeSpan(' lead')).toBe('` lead`');
    expect(codeSpan('  ')).toBe('`  `');
    expect(() => codeSpan('')).toThrow();
    expect(() => codeSpan('a\nb')).toThrow();
  });

  it('reads back exactly what it wrote (property, 2,000 cases, seed 13)', () => {
    const content = fc
      .string({ unit: fc.constantFrom('`', ' ', 'a', '#', '\\', 'é'), minLength: 1, maxLength: 12 })
      .filter((s) => s.length > 0);
    fc.assert(
      // What follows a span never starts with a backtick (that would lengthen the closing run).
      fc.property(content, fc.string({ maxLength: 5 }).filter((t) => !t.startsWith('`')), (s, tail) => {
        const span = codeSpan(s);
        const read = readCodeSpan(span + tail, 0);
        expect(read).toEqual({ content: s, end: span.length });
      }),
      { seed: 13, numRuns: 2000 },
    );
  }, 60_000);

  it('returns null without a closing delimiter of the same length', () => {
    expect(readCodeSpan('``a`', 0)).toBeNull();
    expect(readCodeSpan('no', 0)).toBeNull();
  });
});
