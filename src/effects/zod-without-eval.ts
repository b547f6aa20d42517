/**
 * zod probes `new Function` when it builds its first object schema, to compile faster parsers,
 * unless it is told to stay jitless. The page's Content-Security-Policy forbids eval, and the
 * probe alone is reported as a violation. zod keeps its settings on this global, shared by every
 * copy of it, so setting it before any schema module runs is enough, and the landing page does not
 * have to load zod to do it. Imported first by the entry.
 */
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
