/** A JSON Schema as the documents hold it. */
export type JsonSchema = Record<string, unknown>;

const INDENT = '  ';

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A JSON Schema written as a TypeScript-like type, the way a reader scans a contract: fields,
 * optional marks, unions and literals, with the bounds that matter to a caller in a comment.
 * The raw schema stays in the documents.
 */
export function schemaText(schema: unknown, depth = 0): string {
  if (!isSchema(schema) || Object.keys(schema).length === 0) return 'any';
  if (typeof schema.$ref === 'string') return schema.$ref.split('/').at(-1)!;
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) return unionText(union, depth);
  if (Array.isArray(schema.allOf)) return schema.allOf.map((part) => schemaText(part, depth)).join(' & ');
  const type = schema.type;
  if (Array.isArray(type)) return type.map((one) => schemaText({ ...schema, type: one }, depth)).join(' | ');
  if (type === 'object') return objectText(schema, depth);
  if (type === 'array') {
    const items = schemaText(schema.items, depth);
    return /[ |&]/.test(items) && !items.startsWith('{') ? `Array<${items}>` : `${items}[]`;
  }
  if (type === 'integer') return 'integer';
  if (type === 'string' && typeof schema.format === 'string') return `string (${schema.format})`;
  return typeof type === 'string' ? type : 'any';
}

function unionText(options: unknown[], depth: number): string {
  const texts = options.map((option) => schemaText(option, depth + 1));
  if (texts.every((text) => !text.includes('\n'))) return texts.join(' | ');
  // The common nullable field reads as its type, then `| null`, at its own depth.
  const others = texts.filter((text) => text !== 'null');
  if (others.length === 1) return `${schemaText(options[texts.indexOf(others[0]!)], depth)} | null`;
  const pad = INDENT.repeat(depth + 1);
  return texts.map((text) => `\n${pad}| ${text}`).join('');
}

function objectText(schema: JsonSchema, depth: number): string {
  const properties = isSchema(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const names = Object.keys(properties);
  const rest = schema.additionalProperties;
  if (names.length === 0) {
    if (isSchema(rest)) return `Record<string, ${schemaText(rest, depth)}>`;
    return rest === false ? '{}' : 'object';
  }
  const pad = INDENT.repeat(depth + 1);
  const lines = names.map((name) => {
    const property = properties[name];
    const bounds = isSchema(property) ? boundsOf(property) : '';
    const key = /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
    return `${pad}${key}${required.has(name) ? '' : '?'}: ${schemaText(property, depth + 1)};${bounds}`;
  });
  return `{\n${lines.join('\n')}\n${INDENT.repeat(depth)}}`;
}

/** The limits a caller must respect, as a trailing comment. */
function boundsOf(schema: JsonSchema): string {
  const pairs: Array<[string, string]> = [
    ['minLength', 'min'],
    ['maxLength', 'max'],
    ['minimum', '≥'],
    ['maximum', '≤'],
    ['minItems', 'min'],
    ['maxItems', 'max'],
    ['pattern', 'pattern'],
    ['default', 'default'],
  ];
  // zod writes the safe-integer range on every integer, and a format's own pattern (a date's is
  // 200 characters): the format says it, no bound a caller needs told.
  const said = pairs
    .filter(([keyword]) => keyword in schema && Math.abs(Number(schema[keyword])) !== Number.MAX_SAFE_INTEGER)
    .filter(([keyword]) => keyword !== 'pattern' || schema.format === undefined)
    .map(([keyword, label]) => `${label} ${JSON.stringify(schema[keyword])}`);
  return said.length > 0 ? ` // ${said.join(', ')}` : '';
}
