import { SHORTCUTS, isMac } from './shortcuts.js';
import { Modal } from '../ui/Modal.js';
import { useController } from '../app/reviewContext.js';

export function ShortcutsDialog() {
  const controller = useController();
  const mod = isMac() ? '⌘' : 'Ctrl';
  return (
    <Modal title="Keyboard shortcuts" onClose={() => controller.store.getState().closeDialog()}>
      <table className="shortcuts">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.action}>
              <td>
                {s.action === 'sendFeedback' ? (
                  <>
                    <kbd>{mod}</kbd>+<kbd>Enter</kbd>
                  </>
                ) : (
                  s.keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 ? ' or ' : ''}
                      <kbd>{k}</kbd>
                    </span>
                  ))
                )}
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
        </tbody>
      </table>
      <p className="muted">Shortcuts are ignored while typing in a field.</p>
    </Modal>
  );
}
