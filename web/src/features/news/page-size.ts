/** Articles per page of a news list: three rows of three on a desktop; the rest come with "Show more". */
export const NEWS_PAGE_SIZE = 9;
