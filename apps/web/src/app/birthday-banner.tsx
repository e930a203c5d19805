import { isBirthday, isoDay } from '@karya/domain';
import { Alert } from '@mantine/core';
import { IconCake } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useAuth } from './auth';

const SHOW_MS = 30_000;

const seenKey = (userId: string) => `karya:birthday:${userId}:${isoDay(new Date())}`;

/**
 * On the user's birthday: a greeting banner for about 30 s with confetti (spec 1 §1), once per day per
 * browser. Confetti is skipped when the user asks for reduced motion.
 */
export const BirthdayBanner = () => {
  const { user } = useAuth();
  const [visible, setVisible] = useState(false);
  const birthday = Boolean(user && isBirthday(user.dateOfBirth));
  const userId = user?._id;

  useEffect(() => {
    if (!birthday || !userId) return;
    // The key holds when the greeting first showed, so a reload within the 30 s keeps it and a later
    // visit the same day does not bring it back (effects may run twice in development, too).
    let shownAt = Date.now();
    try {
      const stored = Number(localStorage.getItem(seenKey(userId)));
      if (stored > 0) shownAt = stored;
      else localStorage.setItem(seenKey(userId), String(shownAt));
    } catch {
      // No storage: still greet, just maybe more than once.
    }
    const remaining = SHOW_MS - (Date.now() - shownAt);
    if (remaining <= 0) return;
    setVisible(true);
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    let burst = 0;
    let stopped = false;
    if (!reduced) {
      // Confetti is fetched only on a birthday, so no other visit pays for it.
      void import('canvas-confetti').then(({ default: confetti }) => {
        if (stopped) return;
        const fire = () =>
          confetti({ particleCount: 120, spread: 90, origin: { y: 0.3 }, disableForReducedMotion: true });
        fire();
        burst = window.setInterval(fire, 5000);
      });
    }
    const stopBurst = window.setTimeout(
      () => {
        stopped = true;
        window.clearInterval(burst);
      },
      Math.min(remaining, 15_000),
    );
    const hide = window.setTimeout(() => setVisible(false), remaining);
    return () => {
      stopped = true;
      window.clearTimeout(hide);
      window.clearTimeout(stopBurst);
      window.clearInterval(burst);
    };
  }, [birthday, userId]);

  if (!visible || !user) return null;
  const first = user.name.split(' ')[0];
  return (
    <Alert
      color="pink"
      variant="light"
      icon={<IconCake />}
      title={`Happy Birthday, ${first}!`}
      withCloseButton
      closeButtonLabel="Close birthday greeting"
      onClose={() => setVisible(false)}
      mb="md"
    >
      Wishing you a wonderful year ahead from everyone at Karya.
    </Alert>
  );
};
