// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { HIDDEN_TURN, type MapToken } from '../../src/domain/table/types';
import { turnOrderMachine, type TurnOrderChange } from '../../src/machines/turn-order.machine';
import { TurnOrderPanel } from '../../src/ui/game/TurnOrderPanel';
import { NoResizeObserver, TestPointerEvent } from '../helpers/jsdom-pointer';

const ROW_HEIGHT = 30;
const PANEL = { width: 272, height: 120 };
/** The map's area the panel floats in; a test may shrink it. */
let area = { width: 1000, height: 700 };

beforeEach(() => {
  localStorage.clear();
  area = { width: 1000, height: 700 };
  vi.stubGlobal('PointerEvent', TestPointerEvent);
  vi.stubGlobal('ResizeObserver', NoResizeObserver);
  // Each entry stands one row below the previous one, in a list of 3 rows; the panel is where its
  // style puts it, in the map's area at the window's corner.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.classList.contains('area')) return DOMRect.fromRect({ x: 0, y: 0, ...area });
    if (this.tagName === 'ASIDE') {
      const { left, top } = this.style;
      return DOMRect.fromRect({ x: parseFloat(left) || 0, y: parseFloat(top) || 0, ...PANEL });
    }
    if (this.tagName !== 'LI') return DOMRect.fromRect({ x: 0, y: 0, width: 250, height: 3 * ROW_HEIGHT });
    const row = [...this.parentElement!.children].indexOf(this);
    return DOMRect.fromRect({ x: 0, y: row * ROW_HEIGHT, width: 250, height: ROW_HEIGHT });
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'ASIDE' ? PANEL.width : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'ASIDE' ? PANEL.height : 0;
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function tokenOf(usableId: string, name: string, isPlayer: boolean): MapToken {
  return {
    usableId,
    itemId: usableId,
    name,
    isPlayer,
    assetLink: null,
    speciality: null,
    AC: 10,
    HP: 20,
    currentHP: 20,
    soulEssence: isPlayer ? 100 : null,
    currentSoulEssence: isPlayer ? 100 : null,
    attackBonus: 0,
    damage: '1d6',
    inTurnOrder: true,
    visibility: true,
    x: 10,
    y: 10,
  };
}

const tokens = {
  ana: tokenOf('ana', 'Ana', true),
  goule: tokenOf('goule', 'Goule', false),
  loup: tokenOf('loup', 'Loup', false),
};

function renderPanel(canManage = true) {
  const sent: TurnOrderChange[] = [];
  const turnOrder = createActor(
    turnOrderMachine.provide({
      actions: { 'send turn order change': (_, change) => void sent.push(change) },
    }),
    { input: { map: 'Crypte', order: ['ana', 'goule', 'loup'], round: 3, own: [], canManage } },
  ).start();
  render(
    <div className="area">
      <TurnOrderPanel gameId="g1" turnOrder={turnOrder} tokens={tokens} />
    </div>,
  );
  const panel = screen.getByRole('complementary', { name: 'Ordre de tour' });
  const entry = (name: string) => within(panel).getByText(name).closest('li')!;
  return { sent, panel, entry };
}

describe('turn order panel: rounds and « Tour suivant »', () => {
  it('shows the round in its header, folded or not, and passes the turn once per answer', () => {
    const { sent, panel } = renderPanel();
    const header = panel.querySelector('header')!;
    expect(within(header).getByText('Round 3')).toBeTruthy();
    const next = within(panel).getByRole('button', { name: 'Tour suivant' });
    fireEvent.click(next, { detail: 1 });
    fireEvent.click(next, { detail: 2 });
    expect(sent).toEqual([{ type: 'turnOrder.next', map: 'Crypte', playing: 'ana', round: 3 }]);
    // Still focusable while the server answers, so the keyboard keeps its place.
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect((next as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(within(panel).getByRole('button', { name: 'Replier' }));
    expect(within(header).getByText('Round 3')).toBeTruthy();
  });
});

/** The middle of row `row`, where a pointer over that entry would be. */
const over = (row: number) => row * ROW_HEIGHT + ROW_HEIGHT / 2;

describe('turn order panel: reordering by pointer', () => {
  it('a mouse drags the last entry to the top: a drop line shows, then the reorder goes to the server', () => {
    const { sent, panel, entry } = renderPanel();
    const loup = entry('Loup');
    fireEvent.pointerDown(loup, { pointerId: 1, pointerType: 'mouse', clientY: over(2) });
    expect(loup.className).toContain('turn-panel__entry--lifted');
    fireEvent.pointerMove(loup, { pointerId: 1, pointerType: 'mouse', clientY: over(1) });
    fireEvent.pointerMove(loup, { pointerId: 1, pointerType: 'mouse', clientY: -5 });
    expect(entry('Ana').className).toContain('turn-panel__entry--drop-before');
    // Above the list's top, the lifted entry stops at the top rather than be clipped.
    expect(loup.style.transform).toBe(`translateY(${-2 * ROW_HEIGHT}px)`);
    fireEvent.pointerUp(loup, { pointerId: 1, pointerType: 'mouse', clientY: -5 });
    expect(sent).toEqual([{ type: 'turnOrder.reorder', map: 'Crypte', order: ['loup', 'ana', 'goule'] }]);
    expect(panel.querySelector('.turn-panel__entry--lifted, [class*="--drop-"]')).toBeNull();
  });

  it('a finger drags by the grip: the first entry goes last; a touch elsewhere on the entry drags nothing', () => {
    const { sent, entry } = renderPanel();
    const ana = entry('Ana');
    fireEvent.pointerDown(ana, { pointerId: 7, pointerType: 'touch', clientY: over(0) });
    fireEvent.pointerMove(ana, { pointerId: 7, pointerType: 'touch', clientY: over(2) + 10 });
    fireEvent.pointerUp(ana, { pointerId: 7, pointerType: 'touch', clientY: over(2) + 10 });
    expect(sent).toEqual([]);

    const grip = ana.querySelector('.turn-panel__grip')!;
    fireEvent.pointerDown(grip, { pointerId: 8, pointerType: 'touch', clientY: over(0) });
    // A second finger neither takes the drag nor drops it.
    fireEvent.pointerDown(entry('Goule').querySelector('.turn-panel__grip')!, {
      pointerId: 9,
      pointerType: 'touch',
      isPrimary: false,
      clientY: over(1),
    });
    fireEvent.pointerUp(ana, { pointerId: 9, pointerType: 'touch', clientY: over(1) });
    fireEvent.pointerMove(ana, { pointerId: 8, pointerType: 'touch', clientY: over(2) + 10 });
    expect(entry('Loup').className).toContain('turn-panel__entry--drop-after');
    fireEvent.pointerUp(ana, { pointerId: 8, pointerType: 'touch', clientY: over(2) + 10 });
    expect(sent).toEqual([{ type: 'turnOrder.reorder', map: 'Crypte', order: ['goule', 'loup', 'ana'] }]);
  });

  it('a drag the browser cancels, or dropped where it started, sends nothing', () => {
    const { sent, entry } = renderPanel();
    const goule = entry('Goule');
    fireEvent.pointerDown(goule, { pointerId: 1, clientY: over(1) });
    fireEvent.pointerMove(goule, { pointerId: 1, clientY: over(0) });
    fireEvent.pointerCancel(goule, { pointerId: 1 });
    expect(goule.className).not.toContain('lifted');
    expect(entry('Ana').className).not.toContain('drop-before');
    fireEvent.pointerDown(goule, { pointerId: 2, clientY: over(1) });
    fireEvent.pointerMove(goule, { pointerId: 2, clientY: over(1) + 8 });
    fireEvent.pointerUp(goule, { pointerId: 2, clientY: over(1) + 8 });
    expect(sent).toEqual([]);
  });

  it('a player has no grip and their drags change nothing', () => {
    const { sent, panel, entry } = renderPanel(false);
    expect(panel.querySelector('.turn-panel__grip')).toBeNull();
    const loup = entry('Loup');
    fireEvent.pointerDown(loup, { pointerId: 1, clientY: over(2) });
    fireEvent.pointerMove(loup, { pointerId: 1, clientY: over(0) });
    fireEvent.pointerUp(loup, { pointerId: 1, clientY: over(0) });
    expect(sent).toEqual([]);
    expect(loup.className).not.toContain('lifted');
  });
});

describe('turn order panel: moving the panel', () => {
  const placeOf = (panel: HTMLElement) => ({
    left: parseFloat(panel.style.left),
    top: parseFloat(panel.style.top),
  });

  it.each([
    ['the MJ', true],
    ['a player', false],
  ])('%s moves it with a finger on its header, and finds it there on the next visit', (_who, canManage) => {
    const { panel } = renderPanel(canManage);
    const header = panel.querySelector('header')!;
    const start = placeOf(panel);
    const at = { clientX: start.left + 10, clientY: start.top + 10 };
    fireEvent.pointerDown(header, { pointerId: 3, pointerType: 'touch', ...at });
    fireEvent.pointerMove(header, {
      pointerId: 3,
      pointerType: 'touch',
      clientX: at.clientX - 30,
      clientY: at.clientY - 50,
    });
    fireEvent.pointerUp(header, {
      pointerId: 3,
      pointerType: 'touch',
      clientX: at.clientX - 30,
      clientY: at.clientY - 50,
    });
    fireEvent.pointerMove(header, { pointerId: 3, pointerType: 'touch', clientX: 300, clientY: 300 });
    const moved = { left: start.left - 30, top: start.top - 50 };
    expect(placeOf(panel)).toEqual(moved);
    fireEvent.click(within(panel).getByRole('button', { name: 'Replier' }));
    cleanup();

    const again = renderPanel(canManage).panel;
    expect(placeOf(again)).toEqual(moved);
    expect(within(again).getByRole('button', { name: 'Déplier' })).toBeTruthy();
  });
});

describe('turn order panel: a hidden participant playing', () => {
  it('shows a player that someone hidden plays, and nobody they see as playing', () => {
    const turnOrder = createActor(turnOrderMachine, {
      input: {
        map: 'Crypte',
        order: [HIDDEN_TURN, 'ana', 'loup'],
        round: null,
        own: ['ana'],
        canManage: false,
      },
    }).start();
    render(<TurnOrderPanel gameId="g1" turnOrder={turnOrder} tokens={tokens} />);
    const rows = within(screen.getByRole('list', { name: 'Ordre de tour' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['1Participant cachéjoue', '2Ana20/20', '3Loup20/20']);
    expect(rows[0]!.className).toContain('turn-panel__entry--hidden');
    // Ana's player does not end the hidden one's turn.
    expect(screen.queryByRole('button', { name: 'Finir mon tour' })).toBeNull();
  });
});

describe('turn order panel: « Finir mon tour »', () => {
  it('offers the player their own turn’s end only, and sends it once per answer', () => {
    const sent: TurnOrderChange[] = [];
    const turnOrder = createActor(
      turnOrderMachine.provide({
        actions: { 'send turn order change': (_, change) => void sent.push(change) },
      }),
      { input: { map: 'Crypte', order: ['loup', 'ana'], round: 2, own: ['ana'], canManage: false } },
    ).start();
    render(<TurnOrderPanel gameId="g1" turnOrder={turnOrder} tokens={tokens} />);
    const endTurn = () => screen.queryByRole('button', { name: 'Finir mon tour' });
    expect(endTurn()).toBeNull();
    act(() =>
      turnOrder.send({ type: 'turnOrder.confirmed', order: ['ana', 'loup'], round: 2, own: ['ana'] }),
    );
    fireEvent.click(endTurn()!, { detail: 1 });
    expect(endTurn()!.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(endTurn()!, { detail: 1 });
    expect(sent).toEqual([{ type: 'turnOrder.next', map: 'Crypte', playing: 'ana', round: 2 }]);
    expect(screen.queryByRole('button', { name: 'Tour suivant' })).toBeNull();
    act(() =>
      turnOrder.send({ type: 'turnOrder.confirmed', order: ['loup', 'ana'], round: 2, own: ['ana'] }),
    );
    act(() => turnOrder.send({ type: 'turnOrder.answered' }));
    expect(endTurn()).toBeNull();
  });

  it('gives the focus it held to the panel when the turn passes, not to the page', () => {
    const turnOrder = createActor(turnOrderMachine, {
      input: { map: 'Crypte', order: ['ana', 'loup'], round: 2, own: ['ana'], canManage: false },
    }).start();
    render(<TurnOrderPanel gameId="g1" turnOrder={turnOrder} tokens={tokens} />);
    screen.getByRole('button', { name: 'Finir mon tour' }).focus();
    act(() =>
      turnOrder.send({ type: 'turnOrder.confirmed', order: ['loup', 'ana'], round: 2, own: ['ana'] }),
    );
    expect(screen.queryByRole('button', { name: 'Finir mon tour' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('complementary', { name: 'Ordre de tour' }));
  });
});

describe('turn order panel: a player’s copy', () => {
  it('shows a monster’s state where a character shows its HP', () => {
    const turnOrder = createActor(turnOrderMachine, {
      input: { map: 'Crypte', order: ['ana', 'loup'], round: null, own: [], canManage: false },
    }).start();
    const banded = { ...tokens.loup, HP: null, currentHP: null, health: 'badlyWounded' as const };
    render(<TurnOrderPanel gameId="g1" turnOrder={turnOrder} tokens={{ ana: tokens.ana, loup: banded }} />);
    const rows = within(screen.getByRole('list', { name: 'Ordre de tour' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['1Anajoue20/20', '2LoupGravement blessé']);
  });
});

describe('turn order panel: a smaller map area', () => {
  it('keeps the panel inside the map’s area when it shrinks, and back where it was when it grows', () => {
    const { panel } = renderPanel(false);
    const placed = { left: parseFloat(panel.style.left), top: parseFloat(panel.style.top) };
    const resize = (width: number, height: number) =>
      act(() => {
        area = { width, height };
        window.dispatchEvent(new Event('resize'));
      });
    resize(400, 300);
    expect({ left: parseFloat(panel.style.left), top: parseFloat(panel.style.top) }).toEqual({
      left: 400 - PANEL.width - 8,
      top: 300 - PANEL.height - 8,
    });
    resize(1000, 700);
    expect({ left: parseFloat(panel.style.left), top: parseFloat(panel.style.top) }).toEqual(placed);
  });
});

describe('turn order panel: reordering by keyboard', () => {
  it('Alt + arrow moves the focused entry one place, never past either end; a player’s panel takes no key', () => {
    const { sent, entry } = renderPanel();
    const goule = entry('Goule');
    expect(goule.tabIndex).toBe(0);
    fireEvent.keyDown(goule, { key: 'ArrowUp', altKey: true });
    fireEvent.keyDown(entry('Loup'), { key: 'ArrowDown', altKey: true });
    fireEvent.keyDown(entry('Ana'), { key: 'ArrowDown' });
    expect(sent).toEqual([{ type: 'turnOrder.reorder', map: 'Crypte', order: ['goule', 'ana', 'loup'] }]);
    cleanup();

    const player = renderPanel(false);
    fireEvent.keyDown(player.entry('Goule'), { key: 'ArrowUp', altKey: true });
    expect(player.sent).toEqual([]);
  });
});
