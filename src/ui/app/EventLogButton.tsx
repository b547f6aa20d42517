import type { EventLog } from './event-log';
import { appMessages } from './messages';
import './event-log-button.css';

function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Development only: exports the event journal as a JSON file, to attach to a bug report. */
export function EventLogButton({ log }: { log: EventLog }) {
  const exportLog = () => {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    download(`shattered-realms-journal-${stamp}.json`, JSON.stringify(log.entries(), null, 2));
  };
  return (
    <button type="button" className="event-log-button" title={appMessages.eventLogHint} onClick={exportLog}>
      {appMessages.eventLogButton}
    </button>
  );
}
