import { request } from './request';
import { messageBody } from './schemas/common';
import { macro, macroList, type CreateMacroRequest, type UpdateMacroRequest } from './schemas/macros';

/** The macro calls of table.md §7 "Chat and macros", one function each. */

export function listMacros(userId: string, signal?: AbortSignal) {
  return request('GET', `/macro/user/${encodeURIComponent(userId)}`, {
    schema: macroList,
    cache: false,
    signal,
  });
}

export function createMacro(body: CreateMacroRequest) {
  return request('POST', '/macro', { body, schema: macro });
}

export function updateMacro(id: string, body: UpdateMacroRequest) {
  return request('PUT', `/macro/${encodeURIComponent(id)}`, { body, schema: macro });
}

export function deleteMacro(id: string) {
  return request('DELETE', `/macro/${encodeURIComponent(id)}`, { schema: messageBody });
}
