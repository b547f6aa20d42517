import type { ConditionKind } from '../../domain/table/conditions';

/**
 * The conditions' pictures: strokes on a 24-unit square, drawn as a data URL once per kind. A token
 * then shows each as the background of one empty element, which the browser paints from one cached
 * picture however many tokens bear it (a thousand tokens of the table's bench, docs/benchmarks.md).
 */
const strokes: Record<ConditionKind, string> = {
  prone: '<circle cx="5.5" cy="12.5" r="2.5"/><path d="M9 14h11M9 14l3-3.5M3 18.5h18"/>',
  blinded:
    '<path d="M2 12s4-6 10-6 10 6 10 6-4 6-10 6S2 12 2 12Z"/><circle cx="12" cy="12" r="2.5"/><path d="M4 4l16 16"/>',
  grappled:
    '<path d="M7 12V6.5a1.5 1.5 0 0 1 3 0V11M10 10.5V5a1.5 1.5 0 0 1 3 0v5.5M13 10.5V6a1.5 1.5 0 0 1 3 0v5M16 11V8.5a1.5 1.5 0 0 1 3 0V14a7 7 0 0 1-7 7h-1a6 6 0 0 1-5-2.7L3.5 14a1.5 1.5 0 0 1 2.5-1.7L7 14"/>',
  stunned:
    '<path d="M12 13.5a1.5 1.5 0 0 1-1.5-1.5A3 3 0 0 1 13.5 9a4.5 4.5 0 0 1 4.5 4.5A6 6 0 0 1 12 19.5a7.5 7.5 0 0 1-7.5-7.5"/><path d="M6 3.5l.7 1.5 1.6.2-1.2 1.1.3 1.6L6 7.1l-1.4.8.3-1.6-1.2-1.1 1.6-.2Z"/><path d="M18 2.5l.7 1.5 1.6.2-1.2 1.1.3 1.6-1.4-.8-1.4.8.3-1.6-1.2-1.1 1.6-.2Z"/>',
  poisoned:
    '<path d="M12 3s6 7 6 11.5a6 6 0 0 1-12 0C6 10 12 3 12 3Z"/><circle cx="10" cy="14" r="1"/><circle cx="14" cy="14" r="1"/><path d="M10 17.5h4"/>',
  frightened:
    '<circle cx="12" cy="12" r="9"/><circle cx="9" cy="10" r="1.5"/><circle cx="15" cy="10" r="1.5"/><path d="M7.5 16.5 9 15l1.5 1.5L12 15l1.5 1.5L15 15l1.5 1.5"/>',
  unconscious: '<path d="M3.5 5h7l-7 8h7M13.5 11h6l-6 7.5h6"/>',
  invisible:
    '<g stroke-dasharray="2.2 2"><circle cx="12" cy="7.5" r="3.5"/><path d="M5 21v-2.5a7 7 0 0 1 14 0V21"/></g>',
  restrained:
    '<rect x="2" y="8.5" width="11" height="7" rx="3.5"/><rect x="11" y="8.5" width="11" height="7" rx="3.5"/>',
  paralyzed: '<path d="M13.5 2 5 13.5h6.5L10 22l9-12h-6.5Z"/>',
  charmed:
    '<path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20Z"/>',
  deafened:
    '<path d="M7 10a5 5 0 0 1 10 0c0 3.2-3 4.3-3 7.2a3 3 0 0 1-5.5 1.6"/><path d="M10 10a2 2 0 0 1 4 0"/><path d="M3.5 3.5l17 17"/>',
  incapacitated: '<circle cx="12" cy="12" r="9"/><path d="M8.5 8.5l7 7M15.5 8.5l-7 7"/>',
  petrified: '<path d="M3 19 6.5 10 12 5.5l5.5 3.5L21 19Z"/><path d="M8.5 13.5 12 15l2-3.5 3 1.5"/>',
  custom: '<path d="M3 12.5V4h8.5L21 13.5 12.5 22Z"/><circle cx="7.5" cy="8.5" r="1.5"/>',
};

function dataUrl(kind: ConditionKind): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#f4e4bf" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${strokes[kind]}</svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

/** Each kind's picture, as a CSS background, made once when the module loads. */
export const conditionIcons = Object.fromEntries(
  (Object.keys(strokes) as ConditionKind[]).map((kind) => [kind, dataUrl(kind)]),
) as Record<ConditionKind, string>;
