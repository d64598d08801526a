#!/usr/bin/env node
// The `redline` command of the published package: ../dist/redline.js is the
// CLI bundled with the core (`npm run build:package`), ../dist/review the built page.
import { fileURLToPath } from 'node:url';
import { main } from '../dist/redline.js';

await main({ appDir: fileURLToPath(new URL('../dist/review/', import.meta.url)) });
