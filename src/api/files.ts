import { Observable } from 'rxjs';
import type { FileKind, FileVariant } from '../domain/files';
import { API_BASE } from './paths';
import { ApiError, authorizedFetch, currentBearer, freshBearer, request } from './request';
import { errorBody } from './schemas/common';
import { gameFiles, storedFile, storedFilePath, streamLink, type StoredFile } from './schemas/files';

/** What an upload reports: bytes sent so far, then the file as the server stored it. */
export type UploadEvent =
  { type: 'progress'; loaded: number; total: number } | { type: 'stored'; file: StoredFile };

function failure(status: number, text: string): ApiError {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // A proxy's HTML page or nothing: the status says what happened.
  }
  const parsed = errorBody.safeParse(body);
  return new ApiError(status, parsed.success ? parsed.data.error : `Erreur HTTP ${status}`, body);
}

function sendUpload(
  gameId: string,
  kind: FileKind,
  file: Blob,
  bearer: string | null,
  onProgress: (loaded: number, total: number) => void,
): { done: Promise<{ status: number; text: string }>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const done = new Promise<{ status: number; text: string }>((resolve, reject) => {
    xhr.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () =>
      reject(new ApiError(0, 'Le fichier n’a pas pu être envoyé : connexion interrompue.', null));
    xhr.onabort = () => reject(new ApiError(0, 'Envoi annulé.', null));
  });
  // A file the MJ picked or dropped keeps its name on the server; a blob made here has none.
  const name = file instanceof File ? `&name=${encodeURIComponent(file.name)}` : '';
  xhr.open('POST', `${API_BASE}/game-data/${encodeURIComponent(gameId)}/files?kind=${kind}${name}`);
  xhr.setRequestHeader('Content-Type', 'application/octet-stream');
  xhr.setRequestHeader('Accept', 'application/json');
  if (bearer !== null) xhr.setRequestHeader('Authorization', `Bearer ${bearer}`);
  xhr.send(file);
  return { done, abort: () => xhr.abort() };
}

/**
 * Sends a file's bytes as the raw body (the server reads the type from them, decision 0026).
 * An XMLHttpRequest, since `fetch` reports no upload progress; unsubscribing aborts it. A 401
 * renews the session once and sends again, as `request` does.
 */
export function uploadFile(gameId: string, kind: FileKind, file: Blob): Observable<UploadEvent> {
  return new Observable<UploadEvent>((subscriber) => {
    let abort = () => {};
    const attempt = (bearer: string | null) => {
      const upload = sendUpload(gameId, kind, file, bearer, (loaded, total) =>
        subscriber.next({ type: 'progress', loaded, total }),
      );
      abort = upload.abort;
      return upload.done;
    };
    const sent = currentBearer();
    void (async () => {
      let answer = await attempt(sent);
      if (answer.status === 401) {
        const renewed = await freshBearer(sent);
        if (renewed !== null) answer = await attempt(renewed);
      }
      if (answer.status < 200 || answer.status >= 300) throw failure(answer.status, answer.text);
      const stored = storedFile.safeParse(JSON.parse(answer.text));
      if (!stored.success) throw new ApiError(answer.status, 'Réponse inattendue du serveur', answer.text);
      subscriber.next({ type: 'stored', file: stored.data });
      subscriber.complete();
    })().catch((error: unknown) => subscriber.error(error));
    return () => abort();
  });
}

export const listFiles = (gameId: string) =>
  request('GET', `/game-data/${encodeURIComponent(gameId)}/files`, {
    schema: gameFiles,
    cache: false,
  });

export const deleteFile = (gameId: string, id: string) =>
  request('DELETE', `/game-data/${encodeURIComponent(gameId)}/files/${encodeURIComponent(id)}`);

/** A stored file's bytes, read with the bearer: an `<img src>` would send none. */
export async function readStoredFile(id: string, variant?: FileVariant, signal?: AbortSignal): Promise<Blob> {
  const response = await authorizedFetch(storedFilePath(id, variant), signal);
  return response.blob();
}

/**
 * A link an `<audio>` element streams a game's sound from, by ranges and without the bearer, until
 * it expires (decision 0040). Never from the answers' cache: an old link may be over.
 */
export const streamLinkOf = (gameId: string, fileId: string, signal?: AbortSignal) =>
  request('GET', `/game-data/${encodeURIComponent(gameId)}/files/${encodeURIComponent(fileId)}/stream-url`, {
    schema: streamLink,
    cache: false,
    signal,
  });
