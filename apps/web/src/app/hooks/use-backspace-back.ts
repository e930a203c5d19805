import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** Whether a key press lands in something that edits text (where Backspace must keep deleting). */
export const isEditableTarget = (target: EventTarget | null) => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
};

/** Backspace outside an input goes back one page (spec 1 §2 Shell). */
export const useBackspaceBack = () => {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Backspace' || e.defaultPrevented || e.repeat) return;
      if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (isEditableTarget(e.target) || isEditableTarget(document.activeElement)) return;
      // An open dialog keeps its own keyboard handling; going back underneath it would surprise.
      if (document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      e.preventDefault();
      navigate(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate]);
};
