import { PlaceholderPage } from '../pages/PlaceholderPage';
import { titleCase } from '../../ui/title-case';

/* PLACEHOLDER being replaced by the news work: the news list, a category, an article. */
export function NewsListPage() {
  return <PlaceholderPage title="News" about="New games, winners and what is happening at PlayLive." />;
}
export function NewsCategoryPage() {
  return (
    <PlaceholderPage title={(p) => `News: ${titleCase(p.category ?? '')}`} about="News of this category." />
  );
}
export function NewsArticlePage() {
  return <PlaceholderPage title={(p) => titleCase(p.article ?? 'News')} about="The full article." />;
}
