import { conditionName } from './conditions';
import { healthOf } from './health';
import { spokenMessages as say } from './messages';
import { gridOf } from './records';
import { shownMap } from './shown-map';
import { cellOf, healthWords } from './spoken';
import type { ChatMessage, MapRef, MapToken, TableEvent, TableRole, TableState } from './types';

/** Who hears the narration: whose copy `before` and `after` are. */
export interface Listener {
  role: TableRole;
  userId: string;
}

/**
 * What one event of the listener's own copy of the log says to a screen reader (docs/accessibility.md,
 * decision 0035): a short French sentence, or null when it says nothing worth hearing. `before` and
 * `after` are that copy around the event, so a sentence can only name what the copy holds: a
 * `redacted` or `token.concealed` event, a token not in the copy, a map the listener does not look
 * at, all say nothing.
 */
export function narrate(
  event: TableEvent,
  before: TableState,
  after: TableState,
  listener: Listener,
): string | null {
  switch (event.type) {
    case 'chat.system':
      return event.payload.message;
    case 'dice.rolled':
      return say.said(event.payload.playerName, spokenRoll(event.payload));
    case 'chat.posted':
      return event.payload.senderUserId === listener.userId ? null : spokenLine(event.payload);
    case 'map.shown':
      return event.payload.map ? say.mapShown(event.payload.map.name) : say.noMap;
    // Its recipient's alone (a player's copy holds no one else's): the MJ who showed it knows.
    case 'handout.shown':
      return event.payload.recipients.includes(listener.userId)
        ? say.handoutShown(event.payload.handout.title)
        : null;
    default:
      return narrateToken(event, before, after, listener);
  }
}

/** The token an event names, before and after it, on the map the listener looks at. */
function onShownMap(state: TableState, listener: Listener, map: string, usableId: string) {
  const shown = shownMap(state, listener.role);
  if (shown?.name !== map) return null;
  const token = state.tokens[map]?.[usableId];
  return token ? { token, map: shown } : null;
}

function narrateToken(
  event: TableEvent,
  before: TableState,
  after: TableState,
  listener: Listener,
): string | null {
  if (!('usableId' in event.payload) && !('token' in event.payload)) return null;
  const usableId = 'token' in event.payload ? event.payload.token.usableId : event.payload.usableId;
  const map = event.payload.map;
  const was = onShownMap(before, listener, map, usableId);
  const is = onShownMap(after, listener, map, usableId);
  const where = (seen: { token: MapToken; map: MapRef }) => cellOf(seen.token, seen.map, gridOf(after, map));
  switch (event.type) {
    case 'token.moved':
      // One's own moves are one's own doing: the keyboard's announcement says them.
      return is && event.userId !== listener.userId ? say.moved(is.token.name, where(is)) : null;
    case 'token.placed':
      return is && !was ? say.placed(is.token.name, where(is)) : null;
    case 'token.visibilityChanged':
      if (is && !was) return say.placed(is.token.name, where(is));
      return is && !is.token.visibility ? say.hidden(is.token.name) : null;
    case 'token.removed':
      return was && !is ? say.removed(was.token.name) : null;
    case 'token.adjusted':
      return was && is ? healthChange(was.token, is.token, event.payload.resource) : null;
    case 'token.conditionsChanged':
      return is
        ? say.conditions(
            is.token.name,
            (is.token.conditions ?? []).map((condition) => conditionName(condition).toLowerCase()),
          )
        : null;
    default:
      return null;
  }
}

function healthChange(was: MapToken, is: MapToken, resource: 'HP' | 'soulEssence'): string | null {
  if (resource === 'soulEssence') {
    return is.currentSoulEssence === null || is.soulEssence === null
      ? null
      : say.essence(is.name, is.currentSoulEssence, is.soulEssence);
  }
  if (was.currentHP !== null && is.currentHP !== null && is.HP !== null) {
    const change = is.currentHP - was.currentHP;
    if (change === 0) return null;
    if (is.currentHP <= 0) return is.isPlayer ? say.fell(is.name) : say.died(is.name);
    const left = healthWords(is);
    return change < 0 ? say.lost(is.name, -change, left) : say.healed(is.name, change, left);
  }
  const band = healthOf(is);
  if (band === healthOf(was)) return null;
  return band === 'dead' ? say.died(is.name) : say.nowBand(is.name, say.band[band]);
}

/**
 * A roll as it is said: its label, then the dice and the total without each die as it fell
 * (« 1d20+3 = 18 · CA 12 : touché »), which a screen reader would spell out one by one.
 */
export function spokenRoll({ label, message }: Pick<ChatMessage, 'label' | 'message'>): string {
  const said = message.replace(/\s:\s(?:\[[^\]]*\]\s?)+(?:[+-]\s?\d+\s)?=\s/g, ' = ');
  return label ? `${label} — ${said}` : said;
}

/** Someone else's line: who said it (and to whom, a whisper), then what. */
export function spokenLine(line: ChatMessage): string {
  const said = line.label ? `${line.label} — ${line.message}` : line.message;
  return line.whisperTo === undefined
    ? say.said(line.playerName, said)
    : say.whispered(line.playerName, line.whisperTo, said);
}
