import ComingSoonModal from '../notices/ComingSoonModal';

/** PLACEHOLDER being replaced by the profile work: the modal's real screen. */
export default function ProfileModal(_props: { params: Record<string, string> }) {
  return <ComingSoonModal title="Your profile" about="Your name and contact details." />;
}
