import { mapMessages } from './messages';

const RINGS = [0, 1, 2, 3];

/**
 * The home area while no map is chosen (table.md §1): a soul core pulsing its waves outwards.
 * Pure SVG and CSS, so it costs nothing to the table and stops with reduced motion.
 */
export function SoulCoreWaves({ caption }: { caption: string }) {
  return (
    <div className="soul-core" role="img" aria-label={mapMessages.soulCore}>
      <svg viewBox="-200 -200 400 400" className="soul-core__svg" aria-hidden="true" focusable="false">
        <defs>
          <radialGradient id="soul-core-glow">
            <stop offset="0%" stopColor="#fff4c9" />
            <stop offset="35%" stopColor="#ffd970" />
            <stop offset="70%" stopColor="#b5651d" stopOpacity="0.55" />
            <stop offset="100%" stopColor="#3b1d5a" stopOpacity="0" />
          </radialGradient>
          <linearGradient id="soul-core-wave" x1="0" x2="1">
            <stop offset="0%" stopColor="#8f6bff" stopOpacity="0" />
            <stop offset="50%" stopColor="#e8c25a" stopOpacity="0.85" />
            <stop offset="100%" stopColor="#8f6bff" stopOpacity="0" />
          </linearGradient>
        </defs>
        {RINGS.map((ring) => (
          <circle
            key={ring}
            className="soul-core__ring"
            r="40"
            style={{ animationDelay: `${ring * 1.1}s` }}
          />
        ))}
        {[-1, 0, 1].map((row) => (
          <path
            key={row}
            className="soul-core__wave"
            style={{ animationDelay: `${row * 0.7}s` }}
            d={`M-200 ${row * 26} C-140 ${row * 26 - 30}, -80 ${row * 26 + 30}, -20 ${row * 26} S 100 ${
              row * 26 - 30
            }, 200 ${row * 26}`}
            stroke="url(#soul-core-wave)"
          />
        ))}
        <circle className="soul-core__heart" r="46" fill="url(#soul-core-glow)" />
        <circle className="soul-core__shell" r="30" />
      </svg>
      <p className="soul-core__caption">{caption}</p>
    </div>
  );
}
