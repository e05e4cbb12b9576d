import { PlaceholderPage } from '../pages/PlaceholderPage';

/** PLACEHOLDER being replaced by the tournaments work: the page's real screen. */
export function Component() {
  return (
    <PlaceholderPage
      title="Tournaments"
      about="Join a tournament, climb the leaderboard, win a share of the prize pool."
    />
  );
}
