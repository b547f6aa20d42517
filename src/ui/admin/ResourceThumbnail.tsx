import { storedFileIdOf } from '../../api/schemas/files';
import { usePictureSource } from '../components/use-picture-source';

/** The picture a resource carries: a monster's token (`assetLink`), a map's image (`link`). */
export function pictureOf(resource: object): string | null {
  const fields = resource as { assetLink?: unknown; link?: unknown };
  for (const candidate of [fields.assetLink, fields.link]) {
    if (typeof candidate !== 'string') continue;
    if (/^https?:\/\//.test(candidate) || storedFileIdOf(candidate) !== null) return candidate;
  }
  return null;
}

/**
 * A small picture in an admin list, so that the MJ finds a monster or a map by its look. The
 * name beside it says what it is: the picture itself is decoration.
 */
export function ResourceThumbnail({ resource }: { resource: object }) {
  const picture = usePictureSource(pictureOf(resource), 'thumb');
  if (picture === null) return null;
  return (
    <img
      className="resource-thumbnail"
      src={picture}
      alt=""
      loading="lazy"
      decoding="async"
      width={40}
      height={40}
    />
  );
}
