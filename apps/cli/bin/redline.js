#!/usr/bin/env node
// The `redline` command. The code lives in ../dist (built with `npm run build:cli`).
import { main } from '../dist/main.js';

await main();
