import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_DIR } from './runReview.js';

describe('DEFAULT_APP_DIR', () => {
  it('is apps/review/dist, from wherever this module sits (src/ under vitest, dist/ when built: the same depth)', () => {
    expect(resolve(DEFAULT_APP_DIR)).toBe(resolve(join(__dirname, '..', '..', '..', '..', 'review', 'dist')));
    expect(resolve(DEFAULT_APP_DIR).endsWith(join('apps', 'review', 'dist'))).toBe(true);
  });
});
