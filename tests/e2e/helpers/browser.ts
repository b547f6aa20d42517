import { chromiumBinary, testBrowserBinary } from '../../../scripts/ensure-chromium.mjs';

/**
 * Browsers come from Debian (never downloaded); these flags keep Chromium quiet on a machine
 * without internet. The benches run the full browser, as a visitor has it.
 */
export const chromiumLaunchOptions = {
  executablePath: chromiumBinary,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

/** The end-to-end suite's: Debian's headless shell of the same Chromium when it is installed. */
export const testBrowserLaunchOptions = { ...chromiumLaunchOptions, executablePath: testBrowserBinary() };
