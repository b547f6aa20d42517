import { tableMessages } from './messages';
import type { ChatMessage, MapToken, TableEventBody, TableState } from './types';
import { seenByPlayers } from './visibility';

/**
 * A line from the server itself ('Vous avez tué un …', 'Équipé: …'), for everyone or the managers
 * only; `reader`, a character whose player reads a managers' line too.
 */
export function systemMessage(
  text: string,
  audience?: 'managers',
  extra: Pick<ChatMessage, 'reader' | 'label'> = {},
): TableEventBody {
  return {
    type: 'chat.system',
    payload: {
      playerName: tableMessages.systemName,
      senderId: null,
      avatar: null,
      senderUserId: null,
      message: text,
      type: 'system',
      ...(audience ? { audience } : {}),
      ...extra,
    },
  };
}

/** A line about tokens of a map: everyone's, or the managers' alone when the players may not know of them. */
export function lineAbout(
  state: TableState,
  map: string,
  text: string,
  ...tokens: MapToken[]
): TableEventBody {
  return systemMessage(text, seenByPlayers(state, map, ...tokens) ? undefined : 'managers');
}
