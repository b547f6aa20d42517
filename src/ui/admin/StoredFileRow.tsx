import { storedFilePath, type StoredFile } from '../../api/schemas/files';
import { usePictureSource } from '../components/use-picture-source';
import { adminMessages } from './messages';
import { storedFileLabel } from './stored-file-label';

const text = adminMessages.files;

/** A file of the game: its look, kind, weight and size, and its deletion. */
export function StoredFileRow({ file, onDelete }: { file: StoredFile; onDelete: () => void }) {
  const picture = usePictureSource(file.kind === 'audio' ? null : storedFilePath(file.id), 'thumb');
  const name = storedFileLabel(file);
  return (
    <li className="stored-file">
      {picture ? (
        <img className="stored-file__thumb" src={picture} alt={name} width={64} height={64} />
      ) : (
        <span className="stored-file__thumb" aria-hidden="true">
          ♪
        </span>
      )}
      <span className="stored-file__name">{name}</span>
      <span>{text.size(file.size)}</span>
      {file.width !== null && file.height !== null && <span>{text.pixels(file.width, file.height)}</span>}
      <button type="button" className="secondary" aria-label={text.removeLabel(name)} onClick={onDelete}>
        {text.remove}
      </button>
    </li>
  );
}
