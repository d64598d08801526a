/**
 * Vitest setup for the CLI's tests: XDG_CONFIG_HOME is a fresh temporary
 * folder for each test file, so no test (the CLI run in-process, a server
 * harness, a spawned redline inheriting the environment) reads or writes the
 * reviewer's real `~/.config/redline/preferences.json`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const configHome = mkdtempSync(join(tmpdir(), 'redline-config-'));
process.env.XDG_CONFIG_HOME = configHome;
afterAll(() => rmSync(configHome, { recursive: true, force: true }));
