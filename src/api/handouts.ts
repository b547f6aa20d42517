import type { HandoutAudience } from '../domain/handouts';
import { request } from './request';
import { messageBody } from './schemas/common';
import { handoutLibrary, handoutView, type CreateHandoutRequest } from './schemas/handouts';

/** Handouts (decision 0029): the MJ's library, one function per call; a player's documents come with the table (decision 0041). */

const handoutsOf = (gameId: string) => `/game-data/${encodeURIComponent(gameId)}/handouts`;

export const listHandouts = (gameId: string) =>
  request('GET', handoutsOf(gameId), { schema: handoutLibrary, cache: false });

export const createHandout = (gameId: string, body: CreateHandoutRequest) =>
  request('POST', handoutsOf(gameId), { body, schema: handoutView });

export const showHandout = (gameId: string, id: string, audience: HandoutAudience) =>
  request('POST', `${handoutsOf(gameId)}/${encodeURIComponent(id)}/show`, {
    body: audience,
    schema: handoutView,
  });

export const takeBackHandout = (gameId: string, id: string) =>
  request('POST', `${handoutsOf(gameId)}/${encodeURIComponent(id)}/take-back`, {
    body: {},
    schema: handoutView,
  });

export const deleteHandout = (gameId: string, id: string) =>
  request('DELETE', `${handoutsOf(gameId)}/${encodeURIComponent(id)}`, { schema: messageBody });
