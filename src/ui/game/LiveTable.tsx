import { GameChat } from '../game-chat/GameChat';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ConnectedUser } from '../../api/schemas/games';
import { BASE_PATH } from '../../api/paths';
import type { Seat } from '../../domain/table/seat';
import {
  dragEmitter,
  feedTableSync,
  remoteDrags,
  tableCommands,
  tableListsLogic,
  tableSyncLogic,
  type DragEmitter,
  type RemoteDrags,
} from '../../effects/table';
import { attackLines, attackMenuLogic, type AttackLine } from '../../effects/attacks';
import { pixelsToPoint, type Point } from '../../domain/geometry/geometry';
import { MONSTER_ATTACK } from '../../domain/dice/attack';
import { attackBoard, attackTargetingMachine, strikerOf } from '../../machines/attack-targeting.machine';
import { mapSelectionMachine } from '../../machines/map-selection.machine';
import { tableNoticeMachine } from '../../machines/table-notice.machine';
import { turnOrderMachine } from '../../machines/turn-order.machine';
import { useAppActors } from '../app/AppActorsContext';
import { ConnectedPlayersBar } from './ConnectedPlayersBar';
import { MapSelector } from './MapSelector';
import { gameMessages } from './messages';
import { MonsterDetails } from './MonsterDetails';
import { ParticipantList } from './ParticipantList';
import { TableMap, type TableMapActions } from './TableMap';
import { AttackMenu } from './AttackMenu';
import { centreOnMap, shownMap, tokensOn } from '../../domain/table/shown-map';
import { managesTable } from '../../domain/table/visibility';
import { TurnOrderPanel } from './TurnOrderPanel';
import { SHEET_WINDOW } from '../sheet/sheet-window';

/**
 * The live table of one game, mounted once the game is loaded: its copy of the log (table-sync,
 * fed by the socket and caught up on every reconnection), the lists it offers, and the views
 * drawn from the folded state. Unmounting it (Back, a kick) stops every actor and drops the
 * whole local table.
 */
export function LiveTable({
  gameId,
  seat,
  players,
}: {
  gameId: string;
  seat: Seat;
  players: ConnectedUser[];
}) {
  const { socket, socketFacts$, emitToSocket, requestOnSocket, inspect } = useAppActors();
  const canManage = managesTable(seat);
  const commands = useMemo(() => tableCommands(requestOnSocket), [requestOnSocket]);

  const sync = useActorRef(
    useMemo(() => tableSyncLogic(requestOnSocket), [requestOnSocket]),
    {
      input: { gameId, connected: socket.getSnapshot().matches({ open: 'connected' }) },
      inspect,
    },
  );
  useEffect(() => {
    const feed = feedTableSync(sync, socketFacts$);
    return () => feed.unsubscribe();
  }, [sync, socketFacts$]);

  const lists = useActorRef(tableListsLogic, {
    input: { gameId, playerId: seat.playerId, canManage },
    inspect,
  });
  const notice = useActorRef(tableNoticeMachine, { inspect });
  const say = (refusal: string | null) => {
    if (refusal !== null) notice.send({ type: 'notice.show', text: refusal });
  };

  const table = useSelector(sync, (snapshot) => snapshot.context.inbox.state);
  const syncState = useSelector(sync, (snapshot) => snapshot.value);
  const maps = useSelector(lists, (snapshot) => snapshot.context.maps);
  const monsters = useSelector(lists, (snapshot) => snapshot.context.monsters);
  const characters = useSelector(lists, (snapshot) => snapshot.context.characters);
  const noticeText = useSelector(notice, (snapshot) => snapshot.context.text);

  const map = shownMap(table, seat.role);
  const mapName = map?.name ?? null;
  const order = (mapName && table.turnOrders[mapName]) || [];

  const selection = useActorRef(
    mapSelectionMachine.provide({
      actions: {
        'send map change': (_, change) => void commands.mapChange({ gameId, ...change }).then(say),
      },
    }),
    { input: { canSelect: canManage, current: table.masterMap }, inspect },
  );
  useEffect(() => {
    selection.send({ type: 'map.changed', map: table.masterMap });
  }, [selection, table.masterMap]);

  const turnOrder = useActorRef(
    turnOrderMachine.provide({
      actions: {
        'send turn order change': (_, change) => void commands.turnOrderChange({ gameId, change }).then(say),
      },
    }),
    { input: { map: mapName, order, canManage }, inspect },
  );
  const orderKey = order.join('\n');
  useEffect(() => {
    const shown = turnOrder.getSnapshot().context;
    const next = orderKey === '' ? [] : orderKey.split('\n');
    if (shown.map !== mapName) turnOrder.send({ type: 'map.changed', map: mapName, order: next });
    else if (shown.order.join('\n') !== orderKey)
      turnOrder.send({ type: 'turnOrder.confirmed', order: next });
  }, [turnOrder, mapName, orderKey]);

  const [drags, setDrags] = useState<RemoteDrags>({});
  useEffect(() => {
    const watching = remoteDrags(socketFacts$).subscribe(setDrags);
    return () => watching.unsubscribe();
  }, [socketFacts$]);

  const dragger = useRef<DragEmitter | null>(null);
  useEffect(() => {
    const emitter = dragEmitter((event, payload) => emitToSocket(event, payload));
    dragger.current = emitter;
    return () => emitter.stop();
  }, [emitToSocket]);

  const characterIds = useMemo(
    () => (seat.role === 'player' && seat.playerId !== '' ? [seat.playerId] : []),
    [seat.role, seat.playerId],
  );

  // Attacks: the players' menu, the targeting on the map, and what the server sends back.
  const targeting = useActorRef(
    attackTargetingMachine.provide({
      actions: {
        'send attack': (_, { attack, attackerId, targetIds, aim }) => {
          const onMap = shownMap(sync.getSnapshot().context.inbox.state, seat.role);
          if (!onMap) return;
          void commands
            .attack({
              gameId,
              map: onMap.name,
              attackerId,
              attack: attack.ref.kind === 'monster' ? { kind: 'monster' } : attack.ref,
              targetId: attack.areaOfEffect === 'single' ? (targetIds[0] ?? null) : null,
              aim: attack.areaOfEffect === 'single' ? null : pixelsToPoint(aim, onMap),
            })
            .then(say);
        },
        'announce refusal': (_, { text }) => say(text),
      },
    }),
    { input: { role: seat.role }, inspect },
  );
  const attackMenu = useActorRef(
    attackMenuLogic.provide({
      actions: { 'choose attack': (_, attack) => targeting.send({ type: 'attack.choose', attack }) },
    }),
    { input: { playerId: seat.playerId, gameId }, inspect },
  );
  const aimed = useSelector(targeting, (snapshot) => snapshot.context.attack);
  const striker = useSelector(targeting, (snapshot) =>
    strikerOf(snapshot.context.board, snapshot.context.attack),
  );
  const movement = useSelector(attackMenu, (snapshot) => snapshot.context.arsenal?.movement ?? 0);
  const [lines, setLines] = useState<AttackLine[]>([]);
  useEffect(() => {
    const watching = attackLines(socketFacts$).subscribe(setLines);
    return () => watching.unsubscribe();
  }, [socketFacts$]);

  const [management, setManagement] = useState(false);
  // A new object each time, so asking twice for the same token centres it again.
  const [focus, setFocus] = useState<{ point: Point } | null>(null);
  const [details, setDetails] = useState<string | null>(null);

  const actions: TableMapActions = {
    place: (onMap, token) =>
      void commands.itemChange({ gameId, change: { type: 'token.place', map: onMap, ...token } }).then(say),
    move: (onMap, usableId, { x, y }) =>
      commands.itemChange({ gameId, change: { type: 'token.move', map: onMap, usableId, x, y } }).then(say),
    drag: (onMap, usableId, { x, y }, pointer) =>
      dragger.current?.drag({ gameId, map: onMap, usableId, x, y }, pointer),
    remove: (onMap, usableId) =>
      void commands.itemChange({ gameId, change: { type: 'token.remove', map: onMap, usableId } }).then(say),
    toggleVisibility: (onMap, usableId) =>
      void commands
        .itemChange({ gameId, change: { type: 'token.toggleVisibility', map: onMap, usableId } })
        .then(say),
    adjust: (onMap, usableId, resource, direction, amount) =>
      void commands
        .itemChange({
          gameId,
          change: { type: 'token.adjust', map: onMap, usableId, resource, direction, amount },
        })
        .then(say),
    showDetails: (token) => setDetails(token.usableId),
    strike: (token) =>
      targeting.send({
        type: 'attack.choose',
        attack: {
          ref: { kind: 'monster', attackerId: token.usableId },
          name: token.name,
          range: MONSTER_ATTACK.range,
          areaOfEffect: 'single',
          areaSize: 0,
          maxTargets: 1,
        },
      }),
  };

  const tokens = tokensOn(table, map);
  const detailed = details ? tokens.find((token) => token.usableId === details) : undefined;
  const board = useMemo(
    () => attackBoard(table, map, { characterIds, movement }),
    [table, map, characterIds, movement],
  );
  useEffect(() => {
    targeting.send({ type: 'board.updated', board });
  }, [targeting, board]);

  return (
    <div className={management ? 'live-table live-table--management' : 'live-table'}>
      <div className="live-table__toolbar">
        <span className={`live-table__role live-table__role--${seat.role}`}>
          {gameMessages.roles[seat.role]}
        </span>
        {canManage && <MapSelector selection={selection} maps={maps} />}
        {canManage && (
          <button
            type="button"
            className="secondary"
            aria-pressed={management}
            onClick={() => setManagement((value) => !value)}
          >
            {management ? gameMessages.managementOff : gameMessages.managementOn}
          </button>
        )}
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
        <p className="live-table__sync" role="status">
          {syncState === 'reconnecting'
            ? gameMessages.reconnecting
            : syncState === 'live'
              ? ''
              : gameMessages.syncing}
        </p>
      </div>
      <div className="live-table__map">
        <TableMap
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
                  range: aimed.range === 0 ? movement : aimed.range,
                  click: (point, usableId) => targeting.send({ type: 'map.clicked', point, usableId }),
                  cancel: () => targeting.send({ type: 'attack.cancel' }),
                }
              : null
          }
          attackLines={lines}
          focus={focus}
        />
        {noticeText && (
          <div className="live-table__notice" role="alert">
            <span>{noticeText}</span>
            <button
              type="button"
              className="secondary"
              aria-label={gameMessages.dismiss}
              onClick={() => notice.send({ type: 'notice.dismiss' })}
            >
              ×
            </button>
          </div>
        )}
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
              focus: (usableId) => {
                const token = tokens.find((candidate) => candidate.usableId === usableId);
                if (token && map) setFocus({ point: centreOnMap(token, map) });
              },
            }}
          />
        ) : (
          <div className="live-table__chat">
            <GameChat
              gameId={gameId}
              playerId={seat.playerId === '' ? null : seat.playerId}
              role={seat.role}
            />
          </div>
        )}
        <ConnectedPlayersBar players={players} />
      </div>
      <TurnOrderPanel turnOrder={turnOrder} tokens={(mapName && table.tokens[mapName]) || {}} />
      {detailed && (
        <MonsterDetails
          token={detailed}
          monster={monsters.find((monster) => monster.id === detailed.itemId)}
          onClose={() => setDetails(null)}
          onStrike={() => {
            actions.strike(detailed);
            setDetails(null);
          }}
        />
      )}
    </div>
  );
}
