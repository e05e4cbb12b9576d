import type { ReactNode } from 'react';
import styles from './Page.module.css';
import { PageHead, type PageHeadProps } from './PageHead';

/**
 * A screen's heading and body, and its head tags (PageHead): the document's title, so tabs and history read well,
 * and for a public screen what search engines and link previews read (`head`: its description, picture, JSON-LD).
 */
export function Page({
  title,
  lead,
  wide,
  head,
  children,
}: {
  title: string;
  lead?: string;
  /** Lists and grids use the whole width; text stays at a readable measure. */
  wide?: boolean;
  head?: Omit<PageHeadProps, 'title'>;
  children?: ReactNode;
}) {
  return (
    <article className={`${styles.page} ${wide ? styles.wide : ''}`}>
      <PageHead title={title} {...head} />
      <h1 className={styles.title}>{title}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </article>
  );
}
