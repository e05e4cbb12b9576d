import { sessionVersion } from './session';

/*
 * Which session each load of the frame's data (the root route's query) was made for, so the layout can tell when
 * it shows data of a session that has just ended or begun.
 */
const loadedFor = new WeakMap<object, number>();

export const markLoadedForCurrentSession = (ref: object) => void loadedFor.set(ref, sessionVersion());

/** Whether the frame's data was loaded for the session the player has now. */
export const loadedForCurrentSession = (ref: object) => loadedFor.get(ref) === sessionVersion();
