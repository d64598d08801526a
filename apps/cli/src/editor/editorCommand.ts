/**
 * Which editor "Open in editor" starts, and its command line for a file at a
 * line: `$REDLINE_EDITOR`, else `$VISUAL`, else `$EDITOR`, else an editor
 * that is running (launch-editor's guess: VS Code, Cursor, JetBrains IDEs,
 * Zed, Sublime Text…). The line argument is each editor's own (`code -r -g
 * file:12:1`, `zed file:12:1`, `idea --line 12 file`, `vim +12 file`), from
 * launch-editor's table. A terminal editor is not started: the review page
 * is not its terminal, and redline's terminal is busy; the reviewer gets the
 * command to run instead.
 */
import { basename } from 'node:path';
import guessEditor from 'launch-editor/guess.js';
import getArgumentsForFile from 'launch-editor/get-args.js';
import { quote } from 'shell-quote';

export type EditorLaunch =
  | { kind: 'launch'; editor: string; argv: string[] }
  | { kind: 'terminal-editor'; editor: string; command: string }
  | { kind: 'none' };

/** Editors that take over a terminal: started from the page they would have none (or fight redline for its own). */
const TERMINAL_EDITORS = new Set(['vi', 'vim', 'nvim', 'nano', 'pico', 'emacs', 'micro', 'hx', 'helix', 'kak', 'joe', 'ne', 'mg', 'ed', 'jed']);

/** `env` is redline's own environment (from the shell that started it): the page never names the command. */
export function editorLaunch(env: NodeJS.ProcessEnv, file: string, line: number | null): EditorLaunch {
  const configured = [env.REDLINE_EDITOR, env.VISUAL, env.EDITOR].find((value) => value !== undefined && value.trim() !== '');
  // With nothing configured, launch-editor looks for a running editor (`ps`), then reads $VISUAL and $EDITOR of this process.
  const words = guessEditor(configured);
  const [editor, ...args] = words;
  if (typeof editor !== 'string' || editor === '' || words.some((word) => typeof word !== 'string')) return { kind: 'none' };
  const argv = [...(args as string[]), ...getArgumentsForFile(editor, file, line ?? undefined).map(String)];
  if (TERMINAL_EDITORS.has(basename(editor))) return { kind: 'terminal-editor', editor, command: quote([editor, ...argv]) };
  return { kind: 'launch', editor, argv };
}
