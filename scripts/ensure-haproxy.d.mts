export const haproxyBinary: string;
export function ensureHaproxy(): boolean;
