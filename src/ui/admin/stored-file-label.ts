import type { StoredFile } from '../../api/schemas/files';
import { adminMessages } from './messages';

const text = adminMessages.files;

/** What a stored file is called on the admin page: its uploaded name, or for a file stored before names were kept its kind and date. */
export const storedFileLabel = (file: Pick<StoredFile, 'name' | 'kind' | 'createdAt'>) =>
  file.name ?? text.fileName(text.kinds[file.kind], new Date(file.createdAt).toLocaleString('fr-FR'));
