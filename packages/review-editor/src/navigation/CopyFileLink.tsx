/** A file header's "copy link": the address of this file in this review (fileAddress.ts). */
import { copyText } from '../feedback/exportFromPage.js';
import { Icon } from '../ui/icons.js';
import { useController } from '../app/reviewContext.js';
import { fileLink } from './fileAddress.js';

export function CopyFileLink({ path }: { path: string }) {
  const controller = useController();
  const copy = async () => {
    const link = fileLink(path, window.location);
    const copied = await copyText(link);
    controller.store.getState().showToast(copied ? `Link to ${path} copied.` : `The browser refused the clipboard; the link is ${link}`);
  };
  return (
    <button type="button" className="btn btn-small btn-icon" aria-label={`Copy a link to ${path}`} title="Copy a link to this file" onClick={() => void copy()}>
      <Icon name="link" />
    </button>
  );
}
