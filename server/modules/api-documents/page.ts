import { API_BASE, BASE_PATH, SOCKET_PATH } from '#shared/paths';
import type { AsyncApiDocument } from './asyncapi';
import { apiDocumentsMessages as text } from './messages';
import { schemaText, type JsonSchema } from './schema-text';
import { pageStyle } from './page-style';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  tags?: string[];
  description?: string;
  security?: unknown[];
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

interface OpenApiLike {
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
}

interface AsyncMessage {
  summary?: string;
  payload?: JsonSchema;
}

const escape = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** Backticks of the descriptions as code, the rest escaped. */
const prose = (value = '') =>
  escape(value).replace(/`([^`]+)`/g, (_match, code: string) => `<code>${code}</code>`);

const anchor = (...parts: string[]) => parts.join('-').replace(/[^A-Za-z0-9-]+/g, '_');

const block = (summary: string, schema: unknown, open = false) =>
  `<details${open ? ' open' : ''}><summary>${escape(summary)}</summary><pre>${escape(schemaText(schema))}</pre></details>`;

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return new Map([...groups].sort(([a], [b]) => a.localeCompare(b, 'en')));
}

interface Route {
  method: string;
  path: string;
  operation: Operation;
}

function routeHtml({ method, path, operation }: Route): string {
  const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
  const parameters = operation.parameters ?? [];
  const parts = [
    `<h4><span class="method ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h4>`,
    `<p>${prose(operation.description)}</p>`,
    `<p class="access ${isPublic ? 'public' : 'token'}">${isPublic ? text.isPublic : text.needsToken}</p>`,
  ];
  if (parameters.length > 0) {
    const rows = parameters.map(
      (parameter) =>
        `<li><code>${escape(parameter.name)}</code> (${parameter.in === 'path' ? text.inPath : text.inQuery}, ${
          parameter.required ? text.required : text.optional
        })\u00a0: <code>${escape(schemaText(parameter.schema))}</code></li>`,
    );
    parts.push(`<p class="label">${text.parameters}</p><ul class="parameters">${rows.join('')}</ul>`);
  }
  for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) {
    parts.push(block(`${text.body} (${type})`, content.schema, true));
  }
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const contents = Object.entries(response.content ?? {});
    if (contents.length === 0)
      parts.push(`<p class="label">${text.response(status)}\u00a0: ${text.noContent}</p>`);
    for (const [type, content] of contents) {
      const label =
        type === 'application/json' ? text.response(status) : `${text.response(status)} (${type})`;
      parts.push(block(label, content.schema, status.startsWith('2')));
    }
  }
  return `<article id="${anchor(method, path)}">${parts.join('\n')}</article>`;
}

function eventHtml(name: string, message: AsyncMessage, ack: AsyncMessage | undefined): string {
  return [
    `<article id="${anchor('event', name)}">`,
    `<h4><code>${escape(name)}</code></h4>`,
    `<p>${prose(message.summary)}</p>`,
    block(text.payload, message.payload, true),
    ack ? block(text.ack, ack.payload, true) : '',
    '</article>',
  ].join('\n');
}

function contents(title: string, prefix: string, groups: Map<string, unknown[]>): string {
  const links = [...groups.keys()].map(
    (tag) => `<li><a href="#${anchor(prefix, tag)}">${escape(tag)}</a></li>`,
  );
  return `<li><a href="#${prefix}">${title}</a><ul>${links.join('')}</ul></li>`;
}

/**
 * The page a developer reads: every route by tag, then every socket event, each with its contract
 * written as a type. Server-rendered, with no script, under the product's content security policy.
 */
export function apiDocumentsPage(openApi: unknown, asyncApi: AsyncApiDocument): string {
  const routes: Route[] = Object.entries((openApi as OpenApiLike).paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ method, path, operation: item[method] }] : [])),
  );
  const restGroups = groupBy(routes, (route) => route.operation.tags?.[0] ?? '—');
  const messages = asyncApi.components.messages as Record<string, AsyncMessage>;
  const operations = Object.entries(asyncApi.operations) as Array<
    [string, { action: string; tags: Array<{ name: string }> }]
  >;
  const received = groupBy(
    operations.filter(([, operation]) => operation.action === 'receive'),
    ([, operation]) => operation.tags[0]!.name,
  );
  const sent = groupBy(
    operations.filter(([, operation]) => operation.action === 'send'),
    ([, operation]) => operation.tags[0]!.name,
  );

  const restSections = [...restGroups].map(
    ([tag, list]) =>
      `<section id="${anchor('rest', tag)}"><h3>${escape(tag)}</h3>${list.map(routeHtml).join('\n')}</section>`,
  );
  const eventSections = (prefix: string, groups: typeof received) =>
    [...groups].map(
      ([tag, list]) =>
        `<section id="${anchor(prefix, tag)}"><h3>${escape(tag)}</h3>${list
          .map(([name]) =>
            eventHtml(name, messages[name]!, prefix === 'in' ? messages[`${name}.ack`] : undefined),
          )
          .join('\n')}</section>`,
    );

  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text.title} — Shattered Realms</title>
<link rel="icon" href="${BASE_PATH}/favicon.svg" type="image/svg+xml">
<style>${pageStyle}</style>
</head>
<body>
<header>
<h1>${text.title}</h1>
<p>${escape(text.intro)}</p>
<p>${text.documents} <a href="${API_BASE}/docs/openapi.json">${text.openApi}</a> · <a href="${API_BASE}/docs/asyncapi.json">${text.asyncApi}</a></p>
</header>
<nav aria-label="${text.contents}">
<h2>${text.contents}</h2>
<ul>
${contents(text.rest, 'rest', restGroups)}
${contents(text.fromClient, 'in', received)}
${contents(text.fromServer, 'out', sent)}
</ul>
</nav>
<main>
<section id="rest">
<h2>${text.rest}</h2>
<p>${escape(text.restIntro(API_BASE))}</p>
${restSections.join('\n')}
</section>
<section id="in">
<h2>${text.fromClient}</h2>
<p>${escape(text.realtimeIntro(SOCKET_PATH))}</p>
${eventSections('in', received).join('\n')}
</section>
<section id="out">
<h2>${text.fromServer}</h2>
${eventSections('out', sent).join('\n')}
</section>
</main>
</body>
</html>
`;
}
