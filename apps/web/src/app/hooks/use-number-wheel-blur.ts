import { useEffect } from 'react';

const isNumberInput = (el: Element | null): el is HTMLInputElement =>
  el instanceof HTMLInputElement &&
  (el.type === 'number' || el.inputMode === 'numeric' || el.inputMode === 'decimal');

/**
 * The mouse wheel over a focused number input blurs it, so scrolling the page never changes an amount
 * by accident (spec 1 §2 Shell).
 */
export const useNumberWheelBlur = () => {
  useEffect(() => {
    const onWheel = (e: WheelEvent) => {
      const active = document.activeElement;
      if (isNumberInput(active) && e.target instanceof Node && active.contains(e.target)) active.blur();
    };
    document.addEventListener('wheel', onWheel, { passive: true });
    return () => document.removeEventListener('wheel', onWheel);
  }, []);
};
