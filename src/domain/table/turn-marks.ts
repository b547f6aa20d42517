/** What a turn to jump to needs: whether it starts a fight (`historyTurn`, docs/live-table.md "Replay"). */
export interface TurnMark {
  starts: boolean;
}

/**
 * Each turn with the number of its fight, from 1: a turn that starts a fight opens the next one. A
 * player's marks may open in the middle of a fight they joined late; that fight is their first.
 */
export function numberFights<Turn extends TurnMark>(turns: readonly Turn[]): Array<Turn & { fight: number }> {
  let fight = 0;
  return turns.map((turn) => {
    if (turn.starts || fight === 0) fight += 1;
    return { ...turn, fight };
  });
}
