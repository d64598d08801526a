/**
 * Starts the reviewer's editor on a file of the diff at a line, detached
 * (redline's terminal and its stdout stay its own: the editor's output goes
 * nowhere), and answers once the editor has started or failed to.
 */
import { spawn } from 'node:child_process';
import { RedlineError } from '../errors.js';

export async function openInEditor(env: NodeJS.ProcessEnv, file: string, line: number | null, cwd: string): Promise<{ editor: string }> {
  // Loaded here, not when the CLI starts (launch-editor's tables, shell-quote).
  const { editorLaunch } = await import('./editorCommand.js');
  const launch = editorLaunch(env, file, line);
  if (launch.kind === 'none') {
    throw new RedlineError('no-editor', 'no editor to open: set REDLINE_EDITOR (or VISUAL or EDITOR) in the shell that runs redline, e.g. REDLINE_EDITOR=code');
  }
  if (launch.kind === 'terminal-editor') {
    throw new RedlineError('terminal-editor', `${launch.editor} runs in a terminal, so redline does not start it from the page; run: ${launch.command} (or set REDLINE_EDITOR to a windowed editor such as code, zed or idea)`);
  }
  await new Promise<void>((resolve, reject) => {
    const child = spawn(launch.editor, launch.argv, { cwd, detached: true, stdio: 'ignore', env });
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(new RedlineError('no-editor', error.code === 'ENOENT' ? `the editor '${launch.editor}' was not found on PATH` : `the editor '${launch.editor}' could not start: ${error.message}`));
    });
  });
  return { editor: launch.editor };
}
