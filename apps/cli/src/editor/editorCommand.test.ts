/** Which editor "Open in editor" starts, and how it is told the line: launch-editor's table, redline's order of choice. */
import { describe, expect, it } from 'vitest';
import { editorLaunch } from './editorCommand.js';

const FILE = '/work/repo/src/calc.ts';

describe('editorLaunch', () => {
  it.each([
    ['code', ['-r', '-g', `${FILE}:12:1`]],
    ['zed', [`${FILE}:12:1`]],
    ['idea', ['--line', '12', '--column', '1', FILE]],
    ['subl', [`${FILE}:12:1`]],
  ])('%s gets its own line argument', (editor, argv) => {
    expect(editorLaunch({ REDLINE_EDITOR: editor }, FILE, 12)).toEqual({ kind: 'launch', editor, argv });
  });

  it('REDLINE_EDITOR wins over VISUAL, which wins over EDITOR; a configured command keeps its own arguments', () => {
    expect(editorLaunch({ REDLINE_EDITOR: 'zed', VISUAL: 'code', EDITOR: 'vim' }, FILE, 3)).toMatchObject({ editor: 'zed' });
    expect(editorLaunch({ VISUAL: 'code --new-window', EDITOR: 'vim' }, FILE, 3)).toEqual({ kind: 'launch', editor: 'code', argv: ['--new-window', '-r', '-g', `${FILE}:3:1`] });
    expect(editorLaunch({ REDLINE_EDITOR: '  ', EDITOR: 'zed' }, FILE, null)).toEqual({ kind: 'launch', editor: 'zed', argv: [FILE] });
  });

  it('a terminal editor is not started: the reviewer gets the command line, quoted for a shell', () => {
    expect(editorLaunch({ EDITOR: 'vim' }, '/work/my repo/a.ts', 7)).toEqual({ kind: 'terminal-editor', editor: 'vim', command: "vim '+call cursor(7, 1)' '/work/my repo/a.ts'" });
    expect(editorLaunch({ EDITOR: '/usr/bin/nano' }, FILE, 7)).toMatchObject({ kind: 'terminal-editor', editor: '/usr/bin/nano' });
  });

  it('a configured value a shell would run as more than one command (operators, globs) is not an editor', () => {
    expect(editorLaunch({ REDLINE_EDITOR: 'code && touch /tmp/owned' }, FILE, 1)).toEqual({ kind: 'none' });
    expect(editorLaunch({ REDLINE_EDITOR: 'code; rm -rf ~' }, FILE, 1)).toEqual({ kind: 'none' });
    expect(editorLaunch({ REDLINE_EDITOR: 'code *' }, FILE, 1)).toEqual({ kind: 'none' });
  });
});
