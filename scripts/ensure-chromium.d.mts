export const chromiumBinary: string;
export function testBrowserBinary(): string;
export function ensureChromium(): boolean;
