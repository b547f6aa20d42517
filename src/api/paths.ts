/** Where the app lives: every route, REST call and socket sits under this sub-path. */
export const BASE_PATH = '/shatteredrealms';
export const API_BASE = `${BASE_PATH}/api`;
export const SOCKET_PATH = `${BASE_PATH}/socket.io/`;
