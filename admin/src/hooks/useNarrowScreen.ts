import { useEffect, useState } from 'react';
import { useTheme } from 'styled-components';

/**
 * Whether the screen is below the design system's medium breakpoint, where Strapi hides side menus and its page
 * header puts every action in one row that does not wrap.
 */
export const useNarrowScreen = () => {
  const query = useTheme().breakpoints.medium.replace('@media', '').trim();
  const [narrow, setNarrow] = useState(() => !window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const follow = (event: MediaQueryListEvent) => setNarrow(!event.matches);
    media.addEventListener('change', follow);
    setNarrow(!media.matches);
    return () => media.removeEventListener('change', follow);
  }, [query]);
  return narrow;
};
