/*
 * Identical notifications close together read as one (docs/rules.md#notifications): several chests earned in a
 * few spins are one row, "3 chests ready", not a column of the same sentence.
 */

/** Notifications of the same type and subject this close to the group's newest are one row. */
export const GROUP_WINDOW_MS = 60_000;

interface Groupable {
  id: string;
  type: string;
  subject: string;
  createdAt: string;
}

export interface NotificationGroup<N extends Groupable> {
  /** The newest of the group: its message, time and id stand for the row. */
  latest: N;
  /** All of them, newest first. */
  members: readonly N[];
}

/**
 * Groups a newest-first list: a notification joins the group just above it when it has the same type and subject
 * and came within GROUP_WINDOW_MS of that group's newest. Order is kept; nothing is dropped.
 */
export function groupNotifications<N extends Groupable>(
  nodes: readonly N[],
  windowMs = GROUP_WINDOW_MS,
): NotificationGroup<N>[] {
  const groups: { latest: N; members: N[] }[] = [];
  for (const node of nodes) {
    const last = groups.at(-1);
    const close =
      last &&
      last.latest.type === node.type &&
      last.latest.subject === node.subject &&
      Math.abs(Date.parse(last.latest.createdAt) - Date.parse(node.createdAt)) <= windowMs;
    if (close) last.members.push(node);
    else groups.push({ latest: node, members: [node] });
  }
  return groups;
}
