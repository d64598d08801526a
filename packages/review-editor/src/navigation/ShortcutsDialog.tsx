import { Fragment } from 'react';
import { SHORTCUTS, isMac } from './shortcuts.js';
import { Modal } from '../ui/Modal.js';
import { useController } from '../app/reviewContext.js';

/** One chord (`Shift+V`, `Mod+Enter`) as keys; `Mod` is Ctrl, or ⌘ on a Mac. */
function Chord({ chord, mod }: { chord: string; mod: string }) {
  const keys = chord === '+' ? ['+'] : chord.split('+');
  return (
    <>
      {keys.map((key, i) => (
        <Fragment key={key}>
          {i > 0 ? '+' : ''}
          <kbd>{key === 'Mod' ? mod : key}</kbd>
        </Fragment>
      ))}
    </>
  );
}

export function ShortcutsDialog() {
  const controller = useController();
  const mod = isMac() ? '⌘' : 'Ctrl';
  return (
    <Modal title="Keyboard shortcuts" onClose={() => controller.store.getState().closeDialog()}>
      {/* The list scrolls by itself in a short window, and a keyboard can scroll it (a focusable region). */}
      <div className="shortcuts-list" role="region" aria-label="All shortcuts" tabIndex={0}>
        <table className="shortcuts">
          <tbody>
            {SHORTCUTS.map((s) => (
              <tr key={s.action}>
                <td>
                  {s.keys.map((chord, i) => (
                    <span key={chord}>
                      {i > 0 ? ' or ' : ''}
                      <Chord chord={chord} mod={mod} />
                    </span>
                  ))}
                </td>
                <td>{s.description}</td>
              </tr>
            ))}
            <tr>
              <td>
                <kbd>{mod}</kbd>+<kbd>Enter</kbd> / <kbd>Esc</kbd>
              </td>
              <td>In a comment: add it / cancel</td>
            </tr>
            <tr>
              <td>
                <kbd>↑</kbd> <kbd>↓</kbd> <kbd>Home</kbd> <kbd>End</kbd> <kbd>←</kbd> <kbd>→</kbd> <kbd>Enter</kbd>
              </td>
              <td>In the file tree (one Tab stop): move, fold or unfold a folder, open a file</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="muted">Shortcuts are ignored while typing in a field.</p>
    </Modal>
  );
}
