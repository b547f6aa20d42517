import { useEffect, useState } from 'react';
import { storedFileIdOf } from '../../api/schemas/files';
import type { FileVariant } from '../../domain/files';
import { pictures } from '../../effects/stored-files';

/**
 * The `src` to show a picture link with: an outside link as is, a file stored on our server as a
 * blob URL shared with every view showing it (null while it is read, and for no link).
 */
export function usePictureSource(link: string | null | undefined, variant: FileVariant): string | null {
  const stored = link ? storedFileIdOf(link) !== null : false;
  const [source, setSource] = useState<{ link: string; src: string } | null>(null);
  useEffect(() => {
    if (!link || !stored) return;
    const subscription = pictures.sourceOf(link, variant).subscribe((src) => setSource({ link, src }));
    return () => subscription.unsubscribe();
  }, [link, stored, variant]);
  if (!link) return null;
  if (!stored) return link;
  // A source read for the previous link is never shown for the new one.
  return source?.link === link ? source.src : null;
}
