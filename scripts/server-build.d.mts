export function buildServer(entry?: string): Promise<string>;
export const serverNodeFlags: readonly string[];
