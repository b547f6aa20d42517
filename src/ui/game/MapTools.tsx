import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { fogMessages, gridMessages, viewportMessages, visionMessages } from './messages';

/** A tool of the MJ's that opens a panel over the map: whether it is open, and how to open it. */
export interface MapTool {
  open: boolean;
  onOpen: () => void;
}

/** A tool's button (« Grille », « Brouillard »): pressed while its panel is open. */
function ToolButton({
  tool,
  texts,
  onOpened,
}: {
  tool: MapTool;
  texts: { tool: string; toolTitle: string };
  onOpened: () => void;
}) {
  return (
    <button
      type="button"
      className={tool.open ? 'map-controls__ruler map-controls__ruler--on' : 'map-controls__ruler secondary'}
      aria-expanded={tool.open}
      title={texts.toolTitle}
      disabled={tool.open}
      onClick={() => {
        tool.onOpen();
        onOpened();
      }}
    >
      {texts.tool}
    </button>
  );
}

/**
 * The MJ's tools in the map's row: « Grille », « Brouillard » and « Murs ». Where the map is too
 * narrow for the whole row to leave its bottom right corner free (table-map.css), they fold behind
 * « Outils », which unfolds them above it; a tool picked, Escape, or the focus gone elsewhere folds
 * them again. The same buttons either way, so the keyboard reaches them in the same order.
 */
export function MapTools({
  grid,
  fog,
  walls,
}: {
  grid: MapTool | null;
  fog: MapTool | null;
  walls: MapTool | null;
}) {
  const [unfolded, setUnfolded] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  if (!grid && !fog && !walls) return null;
  const fold = () => setUnfolded(false);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !unfolded) return;
    event.stopPropagation();
    fold();
    toggle.current?.focus();
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) fold();
  };
  return (
    <span className="map-controls__fold" onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={toggle}
        type="button"
        className={unfolded ? 'map-controls__more map-controls__ruler--on' : 'map-controls__more secondary'}
        aria-expanded={unfolded}
        aria-controls={panelId}
        title={viewportMessages.toolsTitle}
        onClick={() => setUnfolded(!unfolded)}
      >
        {viewportMessages.tools}
      </button>
      <span
        id={panelId}
        role="group"
        aria-label={viewportMessages.toolsGroup}
        className={unfolded ? 'map-controls__tools map-controls__tools--unfolded' : 'map-controls__tools'}
      >
        {grid && <ToolButton tool={grid} texts={gridMessages} onOpened={fold} />}
        {fog && <ToolButton tool={fog} texts={fogMessages} onOpened={fold} />}
        {walls && <ToolButton tool={walls} texts={visionMessages} onOpened={fold} />}
      </span>
    </span>
  );
}
