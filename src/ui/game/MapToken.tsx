import { memo, type CSSProperties, type KeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { conditionsOf } from '../../domain/table/conditions';
import { tokenCells } from '../../domain/table/token-size';
import type { MapToken } from '../../domain/table/types';
import { conditionsLabel, TokenConditions } from '../conditions/TokenConditions';
import { pointerMessages, tokenMessages } from './messages';
import { nameShownFrom } from './name-room';
import { initialsOf, isDead, shownHealth } from './table-view';
import { healthWords } from '../../domain/table/spoken';
import { spokenMessages } from '../../domain/table/messages';
import { usePictureSource } from '../components/use-picture-source';

function percentOf(current: number | null, max: number | null): number {
  if (current === null || max === null || max <= 0) return 0;
  return Math.max(0, Math.min(100, (current / max) * 100));
}

/**
 * One token over the cells of its creature's size (1×1 to 4×4 of 75 px): its picture (or
 * initials), a ring gold for characters and crimson for monsters, its health and soul bars. Hidden
 * tokens are half-transparent (only the MJ and their owner receive them); a token at 0 HP is shown
 * dead; the one whose turn it is wears a glowing ring. Its name is drawn above every token of the
 * map (map-token.css), so a neighbour never hides it, cut to its room (`nameCut`), or only on
 * demand where the room is too narrow to read it (`nameShownFrom`).
 */
export const MapTokenView = memo(function MapTokenView({
  token,
  x,
  y,
  controllable,
  dragging,
  remote,
  playing = false,
  selected = false,
  fogged = false,
  nameRoom,
  nameCut = token.name,
  place,
  onPointerDown,
  onKeyDown,
  onBlur,
}: {
  token: MapToken;
  x: number;
  y: number;
  controllable: boolean;
  dragging: boolean;
  /** Someone else is dragging it right now. */
  remote: boolean;
  /** Its turn in the map's turn order: ringed for everyone who sees it. */
  playing?: boolean;
  /** In the user's selection: it moves with the others picked. */
  selected?: boolean;
  /** Its centre under the map's fog: the MJ's, or a player's own token, which others do not see. */
  fogged?: boolean;
  /** How wide its name may be drawn, in the map's pixels (`nameRooms`). */
  nameRoom?: number;
  /** Its name cut to that room (`nameCutter`); whole while the token is pointed at, focused, held or selected. */
  nameCut?: string;
  /** The cell it stands on, « C4 », said in its name. */
  place?: string;
  onPointerDown?: (token: MapToken, event: ReactPointerEvent<HTMLDivElement>) => void;
  /** Enter or Space opens its menu; on one's own token the arrows carry it a cell, Enter puts it down, Escape back. */
  onKeyDown?: (token: MapToken, event: KeyboardEvent<HTMLDivElement>) => void;
  /** The focus leaves it: a token the keys carry goes back where it was. */
  onBlur?: (token: MapToken) => void;
}) {
  const dead = isDead(token);
  const portrait = usePictureSource(token.assetLink, 'thumb');
  const classes = [
    'map-token',
    token.isPlayer ? 'map-token--player' : 'map-token--monster',
    token.visibility ? '' : 'map-token--hidden',
    dead ? 'map-token--dead' : '',
    controllable ? 'map-token--controllable' : '',
    dragging ? 'map-token--dragging' : '',
    remote ? 'map-token--remote' : '',
    playing ? 'map-token--playing' : '',
    selected ? 'map-token--selected' : '',
    fogged ? 'map-token--fogged' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const health = shownHealth(token);
  const conditions = conditionsOf(token);
  // Who, where and how (« Aria, en C4, 19 PV sur 29 »), then what the picture shows besides.
  const label = [
    token.name,
    ...(place === undefined ? [] : [spokenMessages.at(place)]),
    healthWords(token),
    ...(token.visibility ? [] : [tokenMessages.hidden]),
    ...(fogged ? [tokenMessages.inFog] : []),
    ...(playing ? [tokenMessages.playing] : []),
    ...(selected ? [pointerMessages.selected] : []),
  ].join(', ');
  return (
    <div
      className={classes}
      style={
        {
          left: `${x}%`,
          top: `${y}%`,
          '--token-cells': tokenCells(token),
          ...(nameRoom === undefined
            ? {}
            : { '--name-room': `${nameRoom}px`, '--name-from': nameShownFrom(nameRoom) }),
        } as CSSProperties
      }
      data-usable-id={token.usableId}
      data-testid="map-token"
      role="button"
      tabIndex={0}
      aria-label={`${label}${conditionsLabel(conditions)}`}
      onPointerDown={onPointerDown && ((event) => onPointerDown(token, event))}
      onKeyDown={onKeyDown && ((event) => onKeyDown(token, event))}
      onBlur={onBlur && (() => onBlur(token))}
      aria-haspopup={onKeyDown ? 'menu' : undefined}
      aria-keyshortcuts={
        onKeyDown
          ? controllable
            ? 'Enter Space ArrowUp ArrowDown ArrowLeft ArrowRight Alt+ArrowUp Alt+ArrowDown Alt+ArrowLeft Alt+ArrowRight Escape'
            : 'Enter Space'
          : undefined
      }
    >
      <div className="map-token__portrait">
        {portrait ? (
          <img src={portrait} alt="" draggable={false} />
        ) : (
          // Drawn by the stylesheet from the attribute: the picture's stand-in, not words, so the
          // token's name (which says who) is all a screen reader and axe's name rules read.
          <span className="map-token__initials" data-initials={initialsOf(token.name)} aria-hidden="true" />
        )}
        {dead && (
          <svg className="map-token__skull" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <path d="M16 4c-6 0-10 4-10 10 0 3.5 1.6 5.6 3.5 6.8V25h3v-2h2v2h3v-2h2v2h3v-4.2c1.9-1.2 3.5-3.3 3.5-6.8 0-6-4-10-10-10Zm-4.5 13a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5Zm9 0a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5Z" />
          </svg>
        )}
      </div>
      <div className="map-token__bars" aria-hidden="true">
        <span className="map-token__bar map-token__bar--hp">
          <span
            style={{ width: `${'band' in health ? health.gauge : percentOf(health.current, health.max)}%` }}
          />
        </span>
        {token.soulEssence !== null && (
          <span className="map-token__bar map-token__bar--soul">
            <span style={{ width: `${percentOf(token.currentSoulEssence, token.soulEssence)}%` }} />
          </span>
        )}
      </div>
      <span className="map-token__name" data-name={token.name} data-cut={nameCut} aria-hidden="true" />
      <TokenConditions conditions={conditions} />
    </div>
  );
});
