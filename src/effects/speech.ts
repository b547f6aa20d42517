/** The voice of table.md §9 "Table": French, rate 0.9, pitch 1, volume 0.8. */
export const VOICE = { lang: 'fr-FR', rate: 0.9, pitch: 1, volume: 0.8 } as const;

export function speechSupported(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && 'SpeechSynthesisUtterance' in window;
}

/** The words of a chat line: its HTML read as text (DOMParser runs no script and loads nothing). */
export function spokenText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

/** Queues the line after those being read. */
export function readAloud(html: string): void {
  if (!speechSupported()) return;
  const text = spokenText(html);
  if (text === '') return;
  const utterance = Object.assign(new SpeechSynthesisUtterance(text), VOICE);
  window.speechSynthesis.speak(utterance);
}

export function stopReading(): void {
  if (speechSupported()) window.speechSynthesis.cancel();
}

/** A short buzz where the device can (the input's refusal); silently nothing elsewhere. */
export function vibrate(ms: number): void {
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(ms);
}
