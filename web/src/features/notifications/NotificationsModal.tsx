import ComingSoonModal from '../notices/ComingSoonModal';

/** PLACEHOLDER being replaced by the notifications work: the modal's real screen. */
export default function NotificationsModal(_props: { params: Record<string, string> }) {
  return <ComingSoonModal title="Notifications" about="Messages about your account, bonuses and wins." />;
}
