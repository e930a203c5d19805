import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';

const Ready = ({ onReady }: { onReady: () => void }) => {
  useEffect(() => onReady(), [onReady]);
  return null;
};

/** Mantine's modals provider, loaded by `ModalsHost` (lib/confirm-modal.tsx) on the first confirmation. */
export const ModalsHostChunk = ({ onReady }: { onReady: () => void }) => (
  <>
    <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>{null}</ModalsProvider>
    <Ready onReady={onReady} />
  </>
);
