import type { AnyStateMachine } from 'xstate';
import { toDirectedGraph, type DirectedGraphNode } from 'xstate/graph';

type StateNodeLike = DirectedGraphNode['stateNode'];

/** Mermaid state ids allow letters, digits and underscores only. */
function mermaidId(stateNode: StateNodeLike): string {
  return stateNode.id.replace(/[^A-Za-z0-9_]/g, '_');
}

/** A guard as written in the machine: a name, or and/or/not of names. */
export function describeGuard(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const composed = guard as { name: string; guards?: unknown[] };
    if (composed.guards && ['and', 'or', 'not'].includes(composed.name)) {
      const parts = composed.guards.map((g) => describeGuard(g) ?? 'inline');
      return composed.name === 'not' ? `not(${parts[0]})` : `${composed.name}(${parts.join(', ')})`;
    }
    return composed.name || 'inline';
  }
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'inline';
}

/** Turns XState's internal event types into what a reader recognises. */
export function describeEvent(eventType: string): string {
  if (eventType === '') return 'always';
  const after = /^xstate\.after\.(.+?)\.[^.]+(\..+)?$/.exec(eventType);
  if (after?.[1]) return /^\d+$/.test(after[1]) ? `after ${after[1]} ms` : `after ${after[1]}`;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done?.[1]) return `done: ${done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error?.[1]) return `error: ${error[1]}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

interface Collected {
  /** Transitions of the machine itself, taken whatever the current state. */
  global: Set<string>;
  events: Set<string>;
  guards: Set<string>;
  delays: Set<string>;
  actors: Set<string>;
}

/**
 * Declarations nest inside their parent's block; transitions are all drawn at the top level,
 * because Mermaid pulls a state referenced inside a block into that block.
 */
function renderNode(
  node: DirectedGraphNode,
  depth: number,
  lines: string[],
  transitions: string[],
  collected: Collected,
): void {
  const indent = '  '.repeat(depth);
  const stateNode = node.stateNode;
  const children = node.children;
  if (children.length > 0) {
    const initial = stateNode.initial?.target?.[0];
    const label = stateNode.key;
    const isRoot = depth === 0;
    if (!isRoot) {
      lines.push(`${indent}state "${label}" as ${mermaidId(stateNode)}`);
      lines.push(`${indent}state ${mermaidId(stateNode)} {`);
    }
    const inner = depth + 1;
    const innerIndent = '  '.repeat(inner);
    if (stateNode.type === 'parallel') {
      children.forEach((child, i) => {
        if (i > 0) lines.push(`${innerIndent}--`);
        renderNode(child, inner, lines, transitions, collected);
      });
    } else {
      if (initial) lines.push(`${innerIndent}[*] --> ${mermaidId(initial)}`);
      for (const child of children) renderNode(child, inner, lines, transitions, collected);
    }
    if (!isRoot) lines.push(`${indent}}`);
  } else if (depth > 0) {
    lines.push(`${indent}state "${stateNode.key}" as ${mermaidId(stateNode)}`);
  }
  if (stateNode.type === 'final' && depth > 0) lines.push(`${indent}${mermaidId(stateNode)} --> [*]`);
  for (const invoke of stateNode.invoke) {
    collected.actors.add(typeof invoke.src === 'string' ? invoke.src : invoke.id);
  }
  for (const edge of edgesOf(node)) {
    const event = describeEvent(edge.eventType);
    const guard = describeGuard(edge.guard);
    if (!edge.eventType.startsWith('xstate.')) {
      if (edge.eventType !== '') collected.events.add(edge.eventType);
    }
    if (event.startsWith('after ')) collected.delays.add(event.slice('after '.length));
    if (guard) collected.guards.add(guard);
    // Targetless transitions only run actions: they are listed under events, not drawn as self-loops.
    if (!edge.target) continue;
    const label = guard ? `${event} [${guard}]` : event;
    if (depth === 0) {
      collected.global.add(`\`${label}\` → \`${edge.target.key}\``);
      continue;
    }
    transitions.push(
      `  ${mermaidId(node.stateNode)} --> ${mermaidId(edge.target)} : ${label.replace(/:/g, '∶')}`,
    );
  }
}

interface Edge {
  eventType: string;
  guard: unknown;
  target: StateNodeLike | undefined;
}

/**
 * The node's transitions: the graph's edges, which leave out the eventless (`always`) ones, and
 * those, one edge per target (none for a targetless one).
 */
function edgesOf(node: DirectedGraphNode): Edge[] {
  const drawn: Edge[] = node.edges.map((edge) => ({
    eventType: edge.transition.eventType,
    guard: edge.transition.guard,
    target: edge.transition.target ? edge.target : undefined,
  }));
  const eventless = (node.stateNode.always ?? []).flatMap((transition): Edge[] => {
    const targets: ReadonlyArray<StateNodeLike | undefined> = transition.target?.length
      ? transition.target
      : [undefined];
    return targets.map((target) => ({ eventType: '', guard: transition.guard, target }));
  });
  return [...drawn, ...eventless];
}

/** The leading JSDoc paragraph of the machine's export, which says why the machine exists. */
export function machineWhy(source: string, exportName: string): string {
  const at = source.indexOf(`export const ${exportName}`);
  if (at < 0) return '';
  const before = source.slice(0, at);
  const match = /\/\*\*((?:(?!\/\*\*)[\s\S])*?)\*\/\s*$/.exec(before);
  if (!match?.[1]) return '';
  return match[1]
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trimEnd())
    .join('\n')
    .trim();
}

export function renderStatechartPage(input: {
  file: string;
  exportName: string;
  machine: AnyStateMachine;
  source: string;
}): string {
  const graph = toDirectedGraph(input.machine);
  const lines: string[] = [];
  const transitions: string[] = [];
  const collected: Collected = {
    global: new Set(),
    events: new Set(),
    guards: new Set(),
    delays: new Set(),
    actors: new Set(),
  };
  renderNode(graph, 0, lines, transitions, collected);
  const list = (values: Set<string>) =>
    values.size === 0
      ? '_none_'
      : [...values]
          .sort()
          .map((v) => `- \`${v}\``)
          .join('\n');
  const why = machineWhy(input.source, input.exportName);
  return [
    `# ${input.machine.id}`,
    '',
    `Generated by \`npm run docs:statecharts\` from \`${input.file}\` (\`${input.exportName}\`). Do not edit by hand.`,
    '',
    why,
    '',
    '```mermaid',
    'stateDiagram-v2',
    ...lines,
    ...transitions,
    '```',
    '',
    '## Events',
    '',
    list(collected.events),
    '',
    '## Taken in every state',
    '',
    [...collected.global]
      .sort()
      .map((line) => `- ${line}`)
      .join('\n') || '_none_',
    '',
    '## Guards',
    '',
    list(collected.guards),
    '',
    '## Delays',
    '',
    list(collected.delays),
    '',
    '## Invoked actors',
    '',
    list(collected.actors),
    '',
  ]
    .filter((line, i, all) => !(line === '' && all[i - 1] === ''))
    .join('\n');
}
