export function buildServer(entry?: string): Promise<string>;
