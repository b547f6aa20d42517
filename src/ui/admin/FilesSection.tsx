import { useActorRef, useSelector } from '@xstate/react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { fileKinds, type FileKind } from '../../domain/files';
import { fileUploadEffects, loadFiles, removeFile } from '../../effects/file-uploads';
import { fileUploadMachine } from '../../machines/file-upload.machine';
import { gameFilesMachine, type AddedFile } from '../../machines/game-files.machine';
import { useAppActors } from '../app/AppActorsContext';
import { Notice } from '../components/Notice';
import { adminMessages } from './messages';
import { QuotaMeter } from './QuotaMeter';
import { StoredFileRow } from './StoredFileRow';
import { UploadRow } from './UploadRow';

const text = adminMessages.files;

/** A sound is filed as one whatever kind is chosen: a picture kind would only refuse it. */
const kindOf = (file: File, chosen: FileKind): FileKind =>
  file.type.startsWith('audio/') ? 'audio' : chosen;

/**
 * The game's files (decision 0026): dropped or picked several at once, each sent with its progress
 * and its outcome, and the list the MJ deletes from.
 */
export function FilesSection({ gameId }: { gameId: string }) {
  const { inspect } = useAppActors();
  const kindId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [kind, setKind] = useState<FileKind>('map');
  const [over, setOver] = useState(false);
  const files = useActorRef(
    gameFilesMachine.provide({
      actors: {
        'load files': loadFiles,
        'delete file': removeFile,
        'upload file': fileUploadMachine.provide(fileUploadEffects),
      },
    }),
    { input: { gameId }, inspect },
  );
  const {
    files: stored,
    usage,
    uploads,
    asked,
    deleteError,
  } = useSelector(files, (snapshot) => snapshot.context);
  const list = useSelector(files, (snapshot) => snapshot.value.list);

  const add = (chosen: FileList | null) => {
    if (!chosen || chosen.length === 0) return;
    const added: AddedFile[] = [...chosen].map((file) => ({
      file,
      name: file.name,
      kind: kindOf(file, kind),
    }));
    files.send({ type: 'files.add', files: added });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    add(event.dataTransfer.files);
  };

  return (
    <section className="files-section" aria-labelledby={`${kindId}-title`}>
      <h2 id={`${kindId}-title`}>{text.title}</h2>
      {usage && <QuotaMeter {...usage} />}
      <div
        className={over ? 'files-section__drop files-section__drop--over' : 'files-section__drop'}
        data-testid="files-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <label htmlFor={kindId}>{text.kindPicker}</label>
        <select id={kindId} value={kind} onChange={(event) => setKind(event.target.value as FileKind)}>
          {fileKinds.map((value) => (
            <option key={value} value={value}>
              {text.kinds[value]}
            </option>
          ))}
        </select>
        <p>{text.drop}</p>
        <button type="button" onClick={() => picker.current?.click()}>
          {text.pick}
        </button>
        <input
          ref={picker}
          type="file"
          multiple
          hidden
          accept="image/png,image/jpeg,image/webp,audio/ogg,audio/mpeg"
          aria-label={text.pick}
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {uploads.length > 0 && (
        <ul className="files-section__uploads" aria-label={text.uploads}>
          {uploads.map(({ key, ref }) => (
            <UploadRow
              key={key}
              upload={ref}
              onCancel={() => files.send({ type: 'upload.cancel', key })}
              onDismiss={() => files.send({ type: 'upload.dismiss', key })}
            />
          ))}
        </ul>
      )}
      {deleteError && <Notice tone="error">{deleteError}</Notice>}
      {asked && (
        <div className="files-section__ask" role="group" aria-label={text.removeAsk}>
          <p>{text.removeAsk}</p>
          <button type="button" onClick={() => files.send({ type: 'delete.confirm' })}>
            {text.yes}
          </button>
          <button type="button" className="secondary" onClick={() => files.send({ type: 'delete.cancel' })}>
            {text.no}
          </button>
        </div>
      )}
      {list === 'failed' && <Notice tone="error">{text.loadFailed}</Notice>}
      {stored.length === 0 ? (
        <p>{list === 'loading' ? text.loading : text.empty}</p>
      ) : (
        <ul className="files-section__list" aria-label={text.list}>
          {stored.map((file) => (
            <StoredFileRow
              key={file.id}
              file={file}
              onDelete={() => files.send({ type: 'file.delete', file })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
