import { GameChat } from '../game-chat/GameChat';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { distinctUntilChanged, from, map as mapTo } from 'rxjs';
import type { ActorRefFrom } from 'xstate';
import type { ConnectedUser } from '../../api/schemas/games';
import { BASE_PATH } from '../../api/paths';
import type { Seat } from '../../domain/table/seat';
import { liveTableEffects } from '../../effects/live-table';
import { ambienceEffects, serverClock, storedListener } from '../../effects/ambience';
import { ambienceMachine } from '../../machines/ambience.machine';
import { playersMapApart, shownMap, tokensOn } from '../../domain/table/shown-map';
import { own } from '../../domain/table/records';
import { documentsOf } from '../../domain/table/handouts';
import { strikerOf } from '../../machines/attack-targeting.machine';
import { liveTableMachine, type LiveTableSnapshot } from '../../machines/live-table.machine';
import type { attackMenuMachine } from '../../machines/attack-menu.machine';
import type { attackTargetingMachine } from '../../machines/attack-targeting.machine';
import type { fogEditorMachine } from '../../machines/fog-editor.machine';
import type { wallEditorMachine } from '../../machines/wall-editor.machine';
import type { gridEditorMachine } from '../../machines/grid-editor.machine';
import type { mapPointerMachine } from '../../machines/map-pointer.machine';
import type { mapImportMachine } from '../../machines/map-import.machine';
import type { mapSelectionMachine } from '../../machines/map-selection.machine';
import type { mapViewportMachine } from '../../machines/map-viewport.machine';
import type { tableListsMachine } from '../../machines/table-lists.machine';
import type { tableNoticeMachine } from '../../machines/table-notice.machine';
import type { tableSyncMachine } from '../../machines/table-sync.machine';
import type { turnOrderMachine } from '../../machines/turn-order.machine';
import type { tokenSelectionMachine } from '../../machines/token-selection.machine';
import { useAppActors } from '../app/AppActorsContext';
import { ConnectedPlayersBar } from './ConnectedPlayersBar';
import { DocumentsPanel } from './DocumentsPanel';
import { HandoutLibrary } from './HandoutLibrary';
import { HistoryButtons } from './HistoryButtons';
import { MapImportPicker, MapImportStatus, useMapDrop } from './MapImport';
import { MapSelector } from './MapSelector';
import { ambienceMessages, gameMessages, mapImportMessages, mapMessages } from './messages';
import { MonsterDetails } from './MonsterDetails';
import { ParticipantList } from './ParticipantList';
import { TableMap, type TableMapActions } from './TableMap';
import { CHAT_ID, SkipLinks } from './SkipLinks';
import { AimingBanner } from './AimingBanner';
import { AttackMenu } from './AttackMenu';
import { TurnOrderPanel } from './TurnOrderPanel';
import { TokenList } from './TokenList';
import { AmbienceControls } from './AmbienceControls';
import { AmbiencePanel } from './AmbiencePanel';
import { SHEET_WINDOW } from '../sheet/sheet-window';
import { JournalButton } from '../journal/JournalButton';
import { LastTime } from '../recap/LastTime';
import { RecapButton } from '../recap/RecapButton';
import { ReplayLink } from '../replay/ReplayLink';

type Children = LiveTableSnapshot['children'];
/** A child of the live table, by the id it is invoked under: the same actor for the table's life. */
const child =
  <Child,>(id: keyof Children & string) =>
  (snapshot: LiveTableSnapshot) =>
    snapshot.children[id] as Child;

/**
 * The live table of one game, mounted once the game is loaded: one live-table actor owns the copy
 * of the log, the lists, the turn order, the attacks and the socket's streams; this view selects
 * what it shows and sends what the user does. Unmounting it (Back, a kick) stops the actor and
 * every child with it, which drops the whole local table.
 */
export function LiveTable({
  gameId,
  seat,
  userId,
  players,
}: {
  gameId: string;
  seat: Seat;
  /** The user's account: whose history at the table is theirs to undo (decision 0022). */
  userId: string;
  players: ConnectedUser[];
}) {
  const { socket, socketFacts$, emitToSocket, requestOnSocket, inspect } = useAppActors();
  const logic = useMemo(
    () =>
      liveTableMachine.provide(
        liveTableEffects({ request: requestOnSocket, emit: emitToSocket, facts$: socketFacts$ }),
      ),
    [requestOnSocket, emitToSocket, socketFacts$],
  );
  const live = useActorRef(logic, {
    input: { gameId, seat, userId, connected: socket.getSnapshot().matches({ open: 'connected' }) },
    inspect,
  });
  // The ambience is fed the table's copy of its tracks: the live table holds the log.
  const ambienceLogic = useMemo(
    () =>
      ambienceMachine.provide(
        ambienceEffects({
          request: requestOnSocket,
          facts$: socketFacts$,
          tracks$: from(live).pipe(mapTo((snapshot) => snapshot.context.table.ambience ?? {})),
          clock: serverClock(requestOnSocket),
          gameId,
        }),
      ),
    [live, requestOnSocket, socketFacts$, gameId],
  );
  const ambience = useActorRef(ambienceLogic, {
    input: { gameId, listener: storedListener(gameId) },
    inspect,
  });
  // A player's documents are their copy of the table's handouts (decision 0041).
  const held$ = useMemo(
    () =>
      from(live).pipe(
        mapTo((snapshot) => snapshot.context.table.handouts),
        distinctUntilChanged(),
        mapTo((handouts) => documentsOf(handouts, userId)),
      ),
    [live, userId],
  );
  const [ambienceOpen, setAmbienceOpen] = useState(false);
  const sync = useSelector(live, child<ActorRefFrom<typeof tableSyncMachine>>('sync'));
  const lists = useSelector(live, child<ActorRefFrom<typeof tableListsMachine>>('lists'));
  const notice = useSelector(live, child<ActorRefFrom<typeof tableNoticeMachine>>('notice'));
  const selection = useSelector(live, child<ActorRefFrom<typeof mapSelectionMachine>>('selection'));
  const turnOrder = useSelector(live, child<ActorRefFrom<typeof turnOrderMachine>>('turnOrder'));
  const targeting = useSelector(live, child<ActorRefFrom<typeof attackTargetingMachine>>('targeting'));
  const viewport = useSelector(live, child<ActorRefFrom<typeof mapViewportMachine>>('viewport'));
  const attackMenu = useSelector(live, child<ActorRefFrom<typeof attackMenuMachine>>('attackMenu'));
  const pointer = useSelector(live, child<ActorRefFrom<typeof mapPointerMachine>>('pointer'));
  const gridEditor = useSelector(live, child<ActorRefFrom<typeof gridEditorMachine>>('gridEditor'));
  const fogEditor = useSelector(live, child<ActorRefFrom<typeof fogEditorMachine>>('fogEditor'));
  const wallEditor = useSelector(live, child<ActorRefFrom<typeof wallEditorMachine>>('wallEditor'));
  const mapImport = useSelector(live, child<ActorRefFrom<typeof mapImportMachine>>('mapImport'));
  const eyes = useSelector(live, (snapshot) => snapshot.context.eyes);
  const snapping = useSelector(pointer, (snapshot) => snapshot.context.snap);

  const table = useSelector(live, (snapshot) => snapshot.context.table);
  const canManage = useSelector(live, (snapshot) => snapshot.context.canManage);
  const characterIds = useSelector(live, (snapshot) => snapshot.context.characterIds);
  const drags = useSelector(live, (snapshot) => snapshot.context.drags);
  const lines = useSelector(live, (snapshot) => snapshot.context.lines);
  const details = useSelector(live, (snapshot) => snapshot.context.details);
  const movement = useSelector(live, (snapshot) => snapshot.context.movement);
  const pings = useSelector(live, (snapshot) => snapshot.context.pings);
  const rulers = useSelector(live, (snapshot) => snapshot.context.rulers);
  const sharingRuler = useSelector(live, (snapshot) => snapshot.context.sharingRuler);
  const announcement = useSelector(live, (snapshot) => snapshot.context.announcement);
  const tokenSelection = useSelector(
    live,
    child<ActorRefFrom<typeof tokenSelectionMachine>>('tokenSelection'),
  );
  const management = useSelector(live, (snapshot) => snapshot.matches({ side: 'management' }));
  const syncState = useSelector(sync, (snapshot) => snapshot.value);
  const maps = useSelector(lists, (snapshot) => snapshot.context.maps);
  const monsters = useSelector(lists, (snapshot) => snapshot.context.monsters);
  const characters = useSelector(lists, (snapshot) => snapshot.context.characters);
  const noticeText = useSelector(notice, (snapshot) => snapshot.context.text);
  const aimed = useSelector(targeting, (snapshot) => snapshot.context.attack);
  const aiming = useSelector(targeting, (snapshot) => snapshot.matches('choosingTarget'));
  const keyboardAim = useSelector(targeting, (snapshot) => snapshot.context.aim);
  const striker = useSelector(targeting, (snapshot) =>
    strikerOf(snapshot.context.board, snapshot.context.attack),
  );

  const drop = useMapDrop(canManage ? mapImport : null);

  const map = shownMap(table, seat.role);
  const apart = playersMapApart(table, seat.role);
  const mapName = map?.name ?? null;

  const actions: TableMapActions = {
    place: (onMap, token) =>
      live.send({
        type: 'token.change',
        change: { type: 'token.place', map: onMap, ...token, ...(snapping ? { snap: true } : {}) },
      }),
    remove: (onMap, usableId) =>
      live.send({ type: 'token.change', change: { type: 'token.remove', map: onMap, usableId } }),
    toggleVisibility: (onMap, usableId) =>
      live.send({ type: 'token.change', change: { type: 'token.toggleVisibility', map: onMap, usableId } }),
    adjust: (onMap, usableId, resource, direction, amount) =>
      live.send({
        type: 'token.change',
        change: { type: 'token.adjust', map: onMap, usableId, resource, direction, amount },
      }),
    condition: (onMap, usableId, change) =>
      live.send({ type: 'token.change', change: { type: 'token.condition', map: onMap, usableId, change } }),
    resize: (onMap, usableId, size) =>
      live.send({
        type: 'token.change',
        change: { type: 'token.resize', map: onMap, usableId, size, ...(snapping ? { snap: true } : {}) },
      }),
    showDetails: (token) => live.send({ type: 'details.show', usableId: token.usableId }),
    strike: (token) => live.send({ type: 'token.strike', token }),
  };

  // Whoever may act at the table has a history: the managers, a player with their character.
  const history = own(table.history, userId);
  const undoable =
    canManage || characterIds.length > 0
      ? {
          undo: history?.done.at(-1)?.label ?? null,
          redo: history?.undone.at(-1)?.label ?? null,
          onChange: (direction: 'undo' | 'redo') => live.send({ type: 'history.change', direction }),
        }
      : undefined;

  const tokens = tokensOn(table, map);
  const detailed = details ? tokens.find((token) => token.usableId === details) : undefined;

  return (
    <div className={management ? 'live-table live-table--management' : 'live-table'}>
      <SkipLinks />
      <div className="live-table__toolbar">
        <span className={`live-table__role live-table__role--${seat.role}`}>
          {gameMessages.roles[seat.role]}
        </span>
        {undoable && <HistoryButtons history={undoable} className="live-table__history" />}
        {canManage && <MapSelector selection={selection} maps={maps} />}
        {map && <TokenList table={table} map={map} own={characterIds} />}
        {canManage && <MapImportPicker importer={mapImport} />}
        {apart && (
          <p className="live-table__players-map" role="status">
            {apart.map ? mapMessages.playersSee(apart.map.name) : mapMessages.playersSeeNothing}
          </p>
        )}
        {canManage && (
          <button
            type="button"
            className="secondary"
            aria-pressed={management}
            onClick={() => live.send({ type: 'management.toggle' })}
          >
            {management ? gameMessages.managementOff : gameMessages.managementOn}
          </button>
        )}
        {canManage && (
          <button
            type="button"
            className="secondary"
            aria-expanded={ambienceOpen}
            onClick={() => setAmbienceOpen(!ambienceOpen)}
          >
            {ambienceMessages.open}
          </button>
        )}
        <AmbienceControls ambience={ambience} />
        {seat.role === 'mj' && <HandoutLibrary gameId={gameId} />}
        {seat.role === 'player' && <DocumentsPanel gameId={gameId} held$={held$} />}
        {seat.role === 'player' && seat.playerId !== '' && <AttackMenu menu={attackMenu} />}
        {seat.role === 'player' && seat.playerId !== '' && (
          <button
            type="button"
            className="secondary"
            onClick={() =>
              window.open(
                `${BASE_PATH}/view?id=${encodeURIComponent(seat.playerId)}&gameId=${encodeURIComponent(gameId)}`,
                SHEET_WINDOW,
              )
            }
          >
            {gameMessages.characterSheet}
          </button>
        )}
        {seat.role !== 'admin' && (
          <JournalButton gameId={gameId} userId={userId} isMaster={seat.role === 'mj'} />
        )}
        <RecapButton gameId={gameId} />
        <ReplayLink gameId={gameId} playerId={seat.playerId} />
        <LastTime gameId={gameId} />
        <p className="live-table__sync" role="status">
          {syncState === 'reconnecting'
            ? gameMessages.reconnecting
            : syncState === 'live'
              ? ''
              : gameMessages.syncing}
        </p>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </div>
      <div
        className={drop.over ? 'live-table__map live-table__map--drop' : 'live-table__map'}
        data-testid="table-drop"
        {...drop.handlers}
      >
        <TableMap
          gameId={gameId}
          table={table}
          role={seat.role}
          characterIds={characterIds}
          drags={drags}
          placeable={{ characters, monsters }}
          actions={actions}
          targeting={
            aimed && striker
              ? {
                  attack: aimed,
                  from: striker.centre,
                  size: striker.size,
                  range: aimed.range === 0 ? movement : aimed.range,
                  keyboardAim,
                }
              : null
          }
          attackLines={lines}
          viewport={viewport}
          pointer={pointer}
          selection={tokenSelection}
          pings={pings}
          rulers={rulers}
          sharedRuler={{ on: sharingRuler, set: (on) => live.send({ type: 'ruler.share', on }) }}
          gridEditor={gridEditor}
          history={undoable}
          fogEditor={fogEditor}
          wallEditor={wallEditor}
          eyes={{
            usableId: eyes,
            open: (usableId) => live.send({ type: 'eyes.open', usableId }),
            close: () => live.send({ type: 'eyes.close' }),
          }}
        />
        {canManage && ambienceOpen && (
          <AmbiencePanel ambience={ambience} onClose={() => setAmbienceOpen(false)} />
        )}
        <div className="live-table__floating">
          {drop.over && <p className="map-import">{mapImportMessages.dropHere}</p>}
          <MapImportStatus importer={mapImport} />
          {aiming && aimed && (
            <AimingBanner
              attack={aimed}
              targeting={targeting}
              onCancel={() => targeting.send({ type: 'attack.cancel' })}
            />
          )}
          {noticeText && (
            <div className="live-table__notice" role="alert">
              <span>{noticeText}</span>
              <button
                type="button"
                className="secondary"
                aria-label={gameMessages.dismiss}
                onClick={() => live.send({ type: 'notice.dismiss' })}
              >
                ×
              </button>
            </div>
          )}
        </div>
        <TurnOrderPanel
          gameId={gameId}
          turnOrder={turnOrder}
          tokens={(mapName && table.tokens[mapName]) || {}}
        />
      </div>
      <div className="live-table__side">
        {management ? (
          <ParticipantList
            tokens={tokens}
            actions={{
              adjust: (usableId, resource, direction, amount) =>
                map && actions.adjust(map.name, usableId, resource, direction, amount),
              toggleVisibility: (usableId) => map && actions.toggleVisibility(map.name, usableId),
              toggleTurn: (usableId) => turnOrder.send({ type: 'turnOrder.toggle', usableId }),
              focus: (usableId) => live.send({ type: 'token.focus', usableId }),
            }}
          />
        ) : (
          <div className="live-table__chat" id={CHAT_ID} tabIndex={-1}>
            <GameChat
              gameId={gameId}
              playerId={seat.playerId === '' ? null : seat.playerId}
              role={seat.role}
            />
          </div>
        )}
        <ConnectedPlayersBar players={players} />
      </div>
      {detailed && (
        <MonsterDetails
          token={detailed}
          monster={monsters.find((monster) => monster.id === detailed.itemId)}
          onClose={() => live.send({ type: 'details.close' })}
          onStrike={() => {
            actions.strike(detailed);
            live.send({ type: 'details.close' });
          }}
        />
      )}
    </div>
  );
}
