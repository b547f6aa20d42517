import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  statusActorId,
  type anomalyListMachine,
  type AnomalyStatusActor,
} from '../../machines/anomaly-list.machine';

export type AnomalyListActor = ActorRefFrom<typeof anomalyListMachine>;

/** The status actor of one anomaly: the same in its row and in its detail modal. */
export function useStatusActor(list: AnomalyListActor, anomalyId: string): AnomalyStatusActor | undefined {
  return useSelector(list, (s) => s.children[statusActorId(anomalyId)] as AnomalyStatusActor | undefined);
}

/** What a row and the modal read of an anomaly's status actor (none while the list reloads it). */
export function useStatusView(status: AnomalyStatusActor | undefined) {
  return useSelector(status, (s) => ({
    open: s?.matches('open') ?? false,
    isNew: s?.matches({ open: 'new' }) ?? false,
    asking: s?.matches({ open: 'askingResolution' }) ?? false,
    busy: s?.matches('savingStatus') === true || s?.matches('resolving') === true,
    failure: s?.context.failure ?? null,
    refusal: s?.context.refusal ?? null,
  }));
}
