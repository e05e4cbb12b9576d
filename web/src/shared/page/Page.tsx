import { useEffect, type ReactNode } from 'react';
import styles from './Page.module.css';

/** A screen's heading and body; sets the document title so tabs and history read well. */
export function Page({
  title,
  lead,
  wide,
  children,
}: {
  title: string;
  lead?: string;
  /** Lists and grids use the whole width; text stays at a readable measure. */
  wide?: boolean;
  children?: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · PlayLive Casino`;
  }, [title]);
  return (
    <article className={`${styles.page} ${wide ? styles.wide : ''}`}>
      <h1 className={styles.title}>{title}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </article>
  );
}
