import { memo, useState, type PointerEvent } from 'react';
import { TOKEN_PX } from '../../src/domain/geometry/geometry';
import type { MapToken, TableState } from '../../src/domain/table/types';
import { BENCH_MAP } from './bench-table';

const Box = memo(function Box({ token }: { token: MapToken }) {
  return (
    <div
      data-usable-id={token.usableId}
      style={{
        position: 'absolute',
        left: `${token.x}%`,
        top: `${token.y}%`,
        width: TOKEN_PX,
        height: TOKEN_PX,
        borderRadius: '50%',
        background: token.isPlayer ? '#3a6ea5' : '#8c2f39',
        touchAction: 'none',
      }}
    />
  );
});

/**
 * The rendering baseline: the same tokens as plain absolutely positioned divs, the dragged one
 * following the pointer through React state — the least a React map of these tokens can do.
 */
export function PlainTokens({ state }: { state: TableState }) {
  const [tokens, setTokens] = useState(state.tokens[BENCH_MAP.name] ?? {});
  const [dragged, setDragged] = useState<string | null>(null);
  const move = (event: PointerEvent<HTMLDivElement>) => {
    if (dragged === null) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left - TOKEN_PX / 2) / box.width) * 100;
    const y = ((event.clientY - box.top - TOKEN_PX / 2) / box.height) * 100;
    setTokens((all) => ({ ...all, [dragged]: { ...all[dragged]!, x, y } }));
  };
  return (
    <div
      style={{ position: 'relative', width: '100%', aspectRatio: '4 / 3', background: '#d9d2c0' }}
      onPointerDown={(event) => setDragged((event.target as HTMLElement).dataset.usableId ?? null)}
      onPointerMove={move}
      onPointerUp={() => setDragged(null)}
    >
      {Object.values(tokens).map((token) => (
        <Box key={token.usableId} token={token} />
      ))}
    </div>
  );
}
