/** The two modules of `launch-editor` Redline uses (the package ships types for its entry only). */
declare module 'launch-editor/guess.js' {
  /** The editor's argv: the `specified` command parsed as a shell would split it, else $LAUNCH_EDITOR, a running editor, $VISUAL, $EDITOR; `[null]` when none. */
  function guessEditor(specified?: string): Array<string | null>;
  export default guessEditor;
}
declare module 'launch-editor/get-args.js' {
  /** The arguments that open `fileName` at a line (and column) in `editor`, in that editor's own syntax. */
  function getArgumentsForFile(editor: string, fileName: string, lineNumber: number | undefined, columnNumber?: number): Array<string | number>;
  export default getArgumentsForFile;
}
