import { useSelector } from '@xstate/react';
import { useRef, useState, type DragEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { fileUploadMachine } from '../../machines/file-upload.machine';
import type { mapImportMachine } from '../../machines/map-import.machine';
import { mapImportMessages as text } from './messages';

type MapImportRef = ActorRefFrom<typeof mapImportMachine>;
type UploadRef = ActorRefFrom<typeof fileUploadMachine>;

const PICTURES = 'image/png,image/jpeg,image/webp';

const importFirst = (importer: MapImportRef, files: FileList | null) => {
  const file = files?.[0];
  if (file) importer.send({ type: 'map.import', file, name: file.name });
};

/**
 * The table as a drop target: the MJ's picture becomes the map (`importer`); anyone else's drop
 * is swallowed, so the browser never leaves the table to open the file.
 */
export function useMapDrop(importer: MapImportRef | null) {
  const [over, setOver] = useState(false);
  const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = importer ? 'copy' : 'none';
        if (importer) setOver(true);
      },
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      },
      onDrop: (event: DragEvent) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setOver(false);
        if (importer) importFirst(importer, event.dataTransfer.files);
      },
    },
  };
}

/** « Importer une carte »: the drop's twin for the keyboard and touch screens. */
export function MapImportPicker({ importer }: { importer: MapImportRef }) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="secondary" onClick={() => picker.current?.click()}>
        {text.pick}
      </button>
      <input
        ref={picker}
        type="file"
        hidden
        accept={PICTURES}
        aria-label={text.pick}
        onChange={(event) => {
          importFirst(importer, event.target.files);
          event.target.value = '';
        }}
      />
    </>
  );
}

function UploadProgress({ upload, onCancel }: { upload: UploadRef; onCancel: () => void }) {
  const { name, loaded, total } = useSelector(upload, (snapshot) => snapshot.context);
  return (
    <>
      <span>{text.progress(name)}</span>
      <progress aria-label={text.progress(name)} value={loaded} max={Math.max(total, 1)} />
      <button type="button" className="secondary" onClick={onCancel}>
        {text.cancel}
      </button>
    </>
  );
}

/** How the dropped picture is getting on: its progress, the map being made, or the refusal. */
export function MapImportStatus({ importer }: { importer: MapImportRef }) {
  const state = useSelector(importer, (snapshot) => snapshot.value);
  const upload = useSelector(importer, (snapshot) => snapshot.children.upload as UploadRef | undefined);
  const { name, error } = useSelector(importer, (snapshot) => snapshot.context);
  if (state === 'uploading' && upload)
    return (
      <div className="map-import" role="status">
        <UploadProgress upload={upload} onCancel={() => importer.send({ type: 'import.cancel' })} />
      </div>
    );
  if (state === 'creating')
    return (
      <div className="map-import" role="status">
        <span>{text.creating(name)}</span>
      </div>
    );
  if (state === 'refused')
    return (
      <div className="live-table__notice" role="alert">
        <span>{error}</span>
        <button
          type="button"
          className="secondary"
          aria-label={text.dismiss}
          onClick={() => importer.send({ type: 'import.dismiss' })}
        >
          ×
        </button>
      </div>
    );
  return null;
}
