import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Each route change scrolls smoothly to the top (002 §2.2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}
