import { sessionVersion } from './session';

/*
 * Which session each load of the frame's data (the root route's query) was made for, and which one the layout
 * shows, so a navigation can tell that the frame must load again (a sign-in or sign-out happened since).
 */
const loadedFor = new WeakMap<object, number>();
let shown = -1;

export const markLoadedForCurrentSession = (ref: object) => void loadedFor.set(ref, sessionVersion());

/** Records the load the layout renders with; answers whether it belongs to the session the player has now. */
export function showFrame(ref: object): boolean {
  shown = loadedFor.get(ref) ?? -1;
  return shown === sessionVersion();
}

/** Whether the layout shows the frame of an earlier session (so the next navigation loads it again). */
export const frameIsStale = () => shown !== sessionVersion();
