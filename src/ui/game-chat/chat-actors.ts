import type { ActorRefFrom } from 'xstate';
import type { gameChatMachine } from '../../machines/game-chat.machine';
import type { macrosMachine } from '../../machines/macros.machine';

export type ChatActor = ActorRefFrom<typeof gameChatMachine>;
export type MacrosActor = ActorRefFrom<typeof macrosMachine>;
