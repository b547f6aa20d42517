import { saveJsonFile } from '../../effects/save-file';
import type { EventLog } from './event-log';
import { appMessages } from './messages';
import './event-log-button.css';

/** Development only: exports the event journal as a JSON file, to attach to a bug report. */
export function EventLogButton({ log }: { log: EventLog }) {
  const exportLog = () => {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    saveJsonFile(`shattered-realms-journal-${stamp}.json`, JSON.stringify(log.entries(), null, 2));
  };
  return (
    <button type="button" className="event-log-button" title={appMessages.eventLogHint} onClick={exportLog}>
      {appMessages.eventLogButton}
    </button>
  );
}
