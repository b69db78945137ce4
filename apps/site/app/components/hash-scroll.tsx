import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** After a navigation to an anchor (also from another page), scroll to it once the page has rendered. */
export const HASH_SCROLL_DELAY_MS = 100;

export function HashScroll() {
  const location = useLocation();
  useEffect(() => {
    if (!location.hash) return;
    const timer = setTimeout(() => {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, HASH_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [location.key, location.hash]);
  return null;
}
