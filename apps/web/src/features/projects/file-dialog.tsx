// A project file in the app's own PDF viewer, in a dialog (full screen on a phone): its own chunk, loaded
// when a file is first opened.
import type { ProjectFileDto } from '@karya/domain';
import { Center, Loader, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';

const PdfViewer = lazy(() => import('../items/pdf-viewer').then((m) => ({ default: m.PdfViewer })));

export type Doc = { title: string; noun: string; file: NonNullable<ProjectFileDto> };

export const FileDialog = ({ doc, opened, onClose }: { doc: Doc; opened: boolean; onClose: () => void }) => {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={doc.title}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Suspense
        fallback={
          <Center py="xl">
            <Loader role="status" aria-label="Loading viewer" />
          </Center>
        }
      >
        <PdfViewer url={doc.file.url} name={doc.file.name} noun={doc.noun} />
      </Suspense>
    </Modal>
  );
};
