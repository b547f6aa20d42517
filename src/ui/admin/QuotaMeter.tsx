import { useId } from 'react';
import { adminMessages } from './messages';

const text = adminMessages.files;

/** What the game's files weigh against its quota, as the server counted them. */
export function QuotaMeter({ usedBytes, quotaBytes }: { usedBytes: number; quotaBytes: number }) {
  const id = useId();
  const figures = text.usage(usedBytes, quotaBytes);
  return (
    <div className="files-quota">
      <span id={id}>{text.usageLabel}</span>
      <meter
        aria-labelledby={id}
        aria-valuetext={figures}
        min={0}
        max={quotaBytes}
        low={quotaBytes * 0.75}
        high={quotaBytes * 0.9}
        optimum={0}
        value={Math.min(usedBytes, quotaBytes)}
      />
      <span data-testid="files-quota">{figures}</span>
    </div>
  );
}
