import {
  type ChangeEntity,
  type ChangeEntityData,
  type ChangeEvent,
  changedEntity,
  type Role,
} from '@fieldplan/shared';
import type { Dispatch, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { TagType } from './api';
import type { RootState } from './root-state';

/** Who is looking: what they may see decides a little of how changes land. */
export interface Viewer {
  userId: string;
  role: Role;
  /** The slug in the URL (a renamed slug moves the page). */
  slug: string | null;
}

/** One change of entity `E`, as the channel or the catch-up brings it. */
export type LiveChange<E extends ChangeEntity> = Extract<ChangeEvent, { entity: E }>;

/** A change as the cache patchers take it: the entity as it is now, or null when the change removes it. */
export interface EntityChange<T> {
  id: string;
  entity: T | null;
  created: boolean;
}

export function entityChange<E extends ChangeEntity>(change: LiveChange<E>): EntityChange<ChangeEntityData[E]> {
  return { id: change.data.id, entity: changedEntity(change), created: change.action === 'created' };
}

export interface LiveContext {
  workspaceId: string;
  viewer: Viewer;
}

/**
 * The dispatch a live action gets: the store's, seen without the thunk argument — patching the
 * caches needs none (and base/store-types.ts builds the store's dispatch from this registry).
 */
export type LiveDispatch = ThunkDispatch<RootState, unknown, UnknownAction> & Dispatch<UnknownAction>;

/** What applying a change dispatches: a thunk over the caches. */
export type LiveAction = (dispatch: LiveDispatch, getState: () => RootState) => unknown;

/**
 * How changes of one entity land in the RTK Query caches with no refetch. Each entity (or feature
 * holding a cache of it) registers its own in a `live.ts`; app/live-entities.ts lists them.
 */
export interface LiveEntry<E extends ChangeEntity = ChangeEntity> {
  entity: E;
  apply: (change: LiveChange<E>, context: LiveContext) => LiveAction;
  /** The cached reads a missed change of this entity may have left stale (fetched again on a resync). */
  resync?: readonly TagType[];
}

/** Every registration, in the order they apply; one entity may have several (its cache, a screen's). */
export type LiveRegistry = readonly { [E in ChangeEntity]: LiveEntry<E> }[ChangeEntity][];

/** The store's thunk argument carries the registry, so realtime knows no entity by name. */
export interface LiveExtra {
  live: LiveRegistry;
}
