import { titleCase } from '../../ui/title-case';

/**
 * A news category as players read it. The backend's `news` category would read "News" under the News page
 * ("News › News", "News: News"): it is the site's own announcements, so it says so.
 */
const LABELS: Record<string, string> = { news: 'PlayLive news' };

export const newsCategoryLabel = (category: string) => LABELS[category] ?? titleCase(category);
