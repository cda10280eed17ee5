import { useEffect } from 'react';

/**
 * While the page that calls it is shown, announces a feed in the document's head
 * (`<link rel="alternate" type="application/atom+xml">`), so a browser or a feed reader given the
 * page's address finds the feed by itself. A null href announces nothing.
 */
export function useAlternateFeed(href: string | null, title: string): void {
  useEffect(() => {
    if (href === null) return;
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/atom+xml';
    link.title = title;
    link.href = href;
    document.head.append(link);
    return () => link.remove();
  }, [href, title]);
}
