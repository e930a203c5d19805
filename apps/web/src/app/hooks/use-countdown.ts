import { useCallback, useEffect, useState } from 'react';

/** Seconds left before an action may repeat (the 30 s resend wait of spec 1 §9). */
export const useCountdown = () => {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(t);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(seconds), []);
  return { left, start, running: left > 0 };
};
