import { useSelector } from '@xstate/react';
import type { FileUploadRef } from '../../machines/game-files.machine';
import { Notice } from '../components/Notice';
import { adminMessages } from './messages';

const text = adminMessages.files;

/** One file on its way: its name and kind, a progress bar, then what became of it. */
export function UploadRow({
  upload,
  onCancel,
  onDismiss,
}: {
  upload: FileUploadRef;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  const state = useSelector(upload, (snapshot) => snapshot.value);
  const { name, kind, loaded, total, error, stored } = useSelector(upload, (snapshot) => snapshot.context);
  return (
    <li className="file-upload">
      <span className="file-upload__name">{name}</span>
      <span className="badge">{text.kinds[kind]}</span>
      <progress
        aria-label={text.progress(name)}
        value={state === 'refused' ? 0 : loaded}
        max={Math.max(total, 1)}
      />
      {state === 'sending' && (
        <button type="button" className="secondary" onClick={onCancel}>
          {text.cancel}
        </button>
      )}
      {state === 'stored' && <Notice tone="success">{stored?.existing ? text.already : text.stored}</Notice>}
      {state === 'refused' && <Notice tone="error">{error}</Notice>}
      {state === 'cancelled' && <Notice tone="info">{text.cancelled}</Notice>}
      {state !== 'sending' && (
        <button
          type="button"
          className="secondary"
          aria-label={`${text.dismiss} : ${name}`}
          onClick={onDismiss}
        >
          ×
        </button>
      )}
    </li>
  );
}
