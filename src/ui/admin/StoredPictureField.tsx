import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { storedFileIdOf, type StoredFile } from '../../api/schemas/files';
import { fileUploadEffects } from '../../effects/file-uploads';
import { fileUploadMachine } from '../../machines/file-upload.machine';
import { useAppActors } from '../app/AppActorsContext';
import { Notice } from '../components/Notice';
import { usePictureSource } from '../components/use-picture-source';
import { storedFileLabel } from './stored-file-label';
import { adminMessages } from './messages';

const text = adminMessages.form;
const files = adminMessages.files;

const uploadLogic = fileUploadMachine.provide(fileUploadEffects);

interface Picked {
  key: number;
  file: File;
}

/** One picked file on its way, its progress and « Annuler »; its stored file handed on once. */
function PickedUpload({
  gameId,
  kind,
  picked,
  onStored,
}: {
  gameId: string;
  kind: 'map' | 'portrait';
  picked: Picked;
  onStored: (file: StoredFile) => void;
}) {
  const { inspect } = useAppActors();
  const upload = useActorRef(uploadLogic, {
    input: { key: `field-${picked.key}`, gameId, kind, file: picked.file, name: picked.file.name },
    inspect,
  });
  const state = useSelector(upload, (snapshot) => snapshot.value);
  const { loaded, total, error, stored } = useSelector(upload, (snapshot) => snapshot.context);
  useEffect(() => {
    if (stored) onStored(stored);
  }, [stored, onStored]);
  if (state === 'refused') return <Notice tone="error">{error}</Notice>;
  if (state !== 'sending') return null;
  return (
    <div className="stored-picture__upload">
      <progress aria-label={files.progress(picked.file.name)} value={loaded} max={Math.max(total, 1)} />
      <button type="button" className="secondary" onClick={() => upload.send({ type: 'upload.cancel' })}>
        {files.cancel}
      </button>
    </div>
  );
}

/**
 * A picture's link, or a file of the game sent from here (decision 0028): the field then holds the
 * stored path, shown as the file it names rather than as the path.
 */
export function StoredPictureField({
  id,
  gameId,
  kind,
  value,
  describedBy,
  onChange,
}: {
  id: string;
  gameId: string;
  kind: 'map' | 'portrait';
  value: string;
  describedBy: string | undefined;
  onChange: (value: string) => void;
}) {
  const picker = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [sent, setSent] = useState<StoredFile | null>(null);
  const stored = storedFileIdOf(value) !== null;
  const thumbnail = usePictureSource(stored ? value : null, 'thumb');
  const shownAs = sent && sent.path === value ? text.fileSent(storedFileLabel(sent)) : text.storedFile;
  const keep = (file: StoredFile) => {
    setSent(file);
    setPicked(null);
    onChange(file.path);
  };
  return (
    <div className="stored-picture">
      {stored ? (
        <div className="stored-picture__file" id={id} role="group" aria-describedby={describedBy}>
          {thumbnail && (
            <img className="stored-picture__thumb" src={thumbnail} alt="" width={48} height={48} />
          )}
          <span>{shownAs}</span>
          <button type="button" className="secondary" onClick={() => onChange('')}>
            {text.useLink}
          </button>
        </div>
      ) : (
        <input
          id={id}
          type="url"
          aria-describedby={describedBy}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <button type="button" className="secondary" onClick={() => picker.current?.click()}>
        {text.chooseFile}
      </button>
      <input
        ref={picker}
        type="file"
        hidden
        accept="image/png,image/jpeg,image/webp"
        aria-label={text.chooseFile}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) setPicked((old) => ({ key: (old?.key ?? 0) + 1, file }));
          event.target.value = '';
        }}
      />
      {picked && (
        <PickedUpload key={picked.key} gameId={gameId} kind={kind} picked={picked} onStored={keep} />
      )}
    </div>
  );
}
