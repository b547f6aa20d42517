import { request } from './request';
import { publicConfig } from './schemas/config';

/** The deployment's public settings (`GET /config`); cached like any GET. */
export function getPublicConfig(signal?: AbortSignal) {
  return request('GET', '/config', { schema: publicConfig, signal });
}
