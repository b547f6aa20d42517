/** Figures and times as a French reader expects them (platform.md: times in fr-FR). */

const numberFormats = new Map<number, Intl.NumberFormat>();

export function formatNumber(value: number, fractionDigits = 0): string {
  let format = numberFormats.get(fractionDigits);
  if (format === undefined) {
    format = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: fractionDigits });
    numberFormats.set(fractionDigits, format);
  }
  return format.format(value);
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('fr-FR');
}

export function formatClock(date: Date): string {
  return date.toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' });
}
