import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectFeedbackFormat, parseFeedback } from './parseFeedback.js';

const FIXTURES = fileURLToPath(new URL('../../test-fixtures/', import.meta.url));

describe('parseFeedback', () => {
  it('detects JSON by a first non-whitespace "{", markdown otherwise', () => {
    expect(detectFeedbackFormat('{}')).toBe('json');
    expect(detectFeedbackFormat(' \n\t{"format":1}')).toBe('json');
    expect(detectFeedbackFormat('\uFEFF{')).toBe('json');
    expect(detectFeedbackFormat('# Code review feedback')).toBe('markdown');
    expect(detectFeedbackFormat('')).toBe('markdown');
    expect(detectFeedbackFormat('x {')).toBe('markdown');
  });

  it('dispatches both golden forms to the same suggestions', () => {
    const md = parseFeedback(readFileSync(FIXTURES + 'basic.expected.md', 'utf8'));
    const json = parseFeedback(readFileSync(FIXTURES + 'basic.expected.json', 'utf8'));
    expect(md.ok && md.format).toBe('markdown');
    expect(json.ok && json.format).toBe('json');
    if (!md.ok || !json.ok) return;
    const suggestions = (r: typeof md) =>
      r.ok ? r.review.annotations.filter((a) => a.kind === 'suggestion').map(({ createdAt: _c, ...rest }) => rest) : [];
    expect(suggestions(md)).toEqual(suggestions(json));
    expect(suggestions(md)).toHaveLength(3);
  });

  it('reports the errors of the detected form', () => {
    const bad = parseFeedback('{"format":"redline-feedback","version":1}');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.map((e) => e.message)).toContain('target: expected an object, got nothing');
  });
});
