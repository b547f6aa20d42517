// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { DEFAULT_GRID } from '../../src/domain/geometry/grid';
import { gridEditorMachine } from '../../src/machines/grid-editor.machine';
import { GridAlign, GridPanel } from '../../src/ui/game/GridPanel';

afterEach(cleanup);

function openEditor() {
  const editor = createActor(gridEditorMachine).start();
  editor.send({
    type: 'grid.open',
    map: 'Forêt',
    grid: { ...DEFAULT_GRID, cellPx: 100, offsetX: 20, offsetY: 10 },
    anchor: { column: 2, row: 1 },
  });
  return editor;
}

describe('the grid tool', () => {
  it('names every field and previews what is typed', () => {
    const editor = openEditor();
    render(<GridPanel editor={editor} />);
    const form = screen.getByRole('form', { name: 'Grille de la carte' });
    expect(form).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Taille d’une case (px)'), { target: { value: '72.5' } });
    fireEvent.click(screen.getByLabelText('Afficher la grille'));
    expect(editor.getSnapshot().context.draft).toMatchObject({ cellPx: 72.5, shown: false });
    for (const name of ['Décalage horizontal (px)', 'Décalage vertical (px)', 'Couleur', 'Opacité'])
      expect(screen.getByLabelText(name)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(editor.getSnapshot().value).toBe('closed');
  });

  it('moves the grid a pixel per arrow on the golden cell, and sizes it with Shift', () => {
    const editor = openEditor();
    render(<GridAlign editor={editor} locate={() => ({ x: 0, y: 0 })} />);
    const cell = screen.getByRole('button', { name: /Case à aligner/ });
    expect(cell.style.left).toBe('220px');
    fireEvent.keyDown(cell, { key: 'ArrowRight' });
    fireEvent.keyDown(cell, { key: 'ArrowDown', altKey: true });
    expect(editor.getSnapshot().context.draft).toMatchObject({ offsetX: 21, offsetY: 20 });
    fireEvent.keyDown(cell, { key: 'ArrowRight', shiftKey: true });
    expect(editor.getSnapshot().context.draft?.cellPx).toBe(101);
  });
});
