import { useEffect, useState } from 'react';
import { chatHeight } from '@taquilla/domain';

/** 001 §2's chat height for the window's width, kept as the window is resized. */
export function useChatHeight(): number {
  const [height, setHeight] = useState(() => chatHeight(window.innerWidth));
  useEffect(() => {
    const update = () => setHeight(chatHeight(window.innerWidth));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return height;
}
