#!/usr/bin/env node
/**
 * Redline as `npm install redline-review` runs it: the CLI and the core
 * bundled into one module tree by `npm run build:package`
 * (packages/redline-review/dist/redline.js), started as its bin/redline.js
 * starts it, with the page of apps/review/dist (REDLINE_APP_DIR, when set,
 * names another build: bench/startupAB.mjs). The bench's Redline runs from
 * here (lib/tools.mjs): what a reviewer starts, not the tsc output's few
 * hundred modules.
 */
import { fileURLToPath } from 'node:url';
import { main } from '../../packages/redline-review/dist/redline.js';

await main(process.env.REDLINE_APP_DIR ? {} : { appDir: fileURLToPath(new URL('../../apps/review/dist/', import.meta.url)) });
