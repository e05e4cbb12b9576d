import type { RecordSourceSelectorProxy } from 'relay-runtime';

/*
 * The coupon mutations' payloads carry the wallet (by id: the header's balance and the cashier update by
 * themselves), the coupon and the wagering; these updaters point the viewer at them, so every screen showing the
 * active coupon or the wagering changes without a refetch.
 */

/** Points viewer.<field> at the payload's record (or at nothing), when the payload returned it. */
export function linkViewer(store: RecordSourceSelectorProxy, payloadField: string, from: string, to: string) {
  const payload = store.getRootField(payloadField);
  const viewer = store.getRoot().getLinkedRecord('viewer');
  if (!payload || !viewer) return;
  const record = payload.getLinkedRecord(from);
  if (record) viewer.setLinkedRecord(record, to);
  else viewer.setValue(null, to);
}
