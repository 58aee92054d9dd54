import { useRef, useState } from 'react';

/**
 * `task` run at most once at a time: a call while it runs does nothing (a second click on Save sends nothing),
 * and `pending` says it runs, for the button to show it.
 */
export const useOneAtATime = (task: () => Promise<void>) => {
  // A ref, not the state: a second click may come before the render that disables the button.
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const run = async () => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await task();
    } finally {
      running.current = false;
      setPending(false);
    }
  };
  return { run, pending };
};
