import { Observable, firstValueFrom, shareReplay } from 'rxjs';
import { readStoredFile } from '../api/files';
import { storedFileIdOf, storedFilePath } from '../api/schemas/files';
import type { FileVariant } from '../domain/files';

type Read = (id: string, variant: FileVariant, signal: AbortSignal) => Promise<Blob>;

/**
 * Pictures read from our server with the bearer, as something an `<img>` shows. An `<img src>`
 * sends no bearer (decision 0026), so a stored file is read once per id and size into a blob URL
 * that every view showing it shares, and revoked when the last one stops: a 25 MB map is held
 * once, and not after it left the screen.
 */
export function storedPictures(read: Read = readStoredFile) {
  const shown = new Map<string, Observable<string>>();

  function pictureOf(id: string, variant: FileVariant): Observable<string> {
    const key = `${id}/${variant}`;
    const known = shown.get(key);
    if (known) return known;
    const picture = new Observable<string>((subscriber) => {
      const controller = new AbortController();
      let url: string | null = null;
      read(id, variant, controller.signal).then(
        (blob) => {
          // A read that ends after the last view left would make a blob nobody revokes.
          if (controller.signal.aborted) return;
          url = URL.createObjectURL(blob);
          subscriber.next(url);
        },
        // The path itself, which an `<img>` fails to load: a file that cannot be read shows as an
        // unreachable outside link does, and the views' own error handling applies.
        () => subscriber.next(storedFilePath(id, variant)),
      );
      return () => {
        controller.abort();
        if (url !== null) URL.revokeObjectURL(url);
        if (shown.get(key) === picture) shown.delete(key);
      };
    }).pipe(shareReplay({ bufferSize: 1, refCount: true }));
    shown.set(key, picture);
    return picture;
  }

  return {
    /**
     * What an `<img src>` takes for a picture link: an outside link at once, a stored file's
     * blob URL once read. Holding the subscription holds the blob.
     */
    sourceOf(link: string, variant: FileVariant): Observable<string> {
      const id = storedFileIdOf(link);
      if (id === null) return new Observable((subscriber) => subscriber.next(link));
      return pictureOf(id, variant);
    },
    /** How many stored pictures are held now: what a leak would make grow. */
    held: () => shown.size,
  };
}

export type StoredPictures = ReturnType<typeof storedPictures>;

/** The page's one cache: the table, the admin page and the sheets share their blobs. */
export const pictures = storedPictures();

/**
 * Runs `measure` on a picture's source and lets it go after: the blob stays only if a view shows it
 * meanwhile.
 */
export async function withPictureSource<T>(
  link: string,
  variant: FileVariant,
  measure: (source: string) => Promise<T>,
  from: StoredPictures = pictures,
): Promise<T> {
  const source = from.sourceOf(link, variant);
  const held = source.subscribe();
  try {
    return await measure(await firstValueFrom(source));
  } finally {
    held.unsubscribe();
  }
}
