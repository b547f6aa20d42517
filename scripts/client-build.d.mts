export function clientBuildIsStale(): boolean;
export function buildClient(): void;
export function ensureClientBuild(): void;
