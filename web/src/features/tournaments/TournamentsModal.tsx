import ComingSoonModal from '../notices/ComingSoonModal';

/** PLACEHOLDER being replaced by the tournaments work: the modal's real screen. */
export default function TournamentsModal(_props: { params: Record<string, string> }) {
  return <ComingSoonModal title="Tournaments" about="Join tournaments and follow the leaderboards live." />;
}
