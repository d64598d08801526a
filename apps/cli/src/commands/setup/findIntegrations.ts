/**
 * The integration files' folder: `integrations/` at the repository's root in
 * a clone, and at the package's root once installed (the package ships it),
 * found by walking up from this module.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RedlineError } from '../../errors.js';

export function findIntegrations(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'integrations', 'claude-code', 'redline.md'))) return join(dir, 'integrations');
    if (dirname(dir) === dir) throw new RedlineError('internal', `the integration files are missing: no integrations/ folder above ${from}`);
  }
}
