import { PROJECT_MESSAGES, type ProjectDto, type ProjectFileDto } from '@karya/domain';
import { Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileTypePdf } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { DetailSection } from '../../components/form/detail-section';

// pdf.js, the viewer bundled with the app (no CDN), downloaded only when a file is opened.
const PdfViewer = lazy(() => import('../items/pdf-viewer').then((m) => ({ default: m.PdfViewer })));

type Doc = { title: string; noun: string; file: NonNullable<ProjectFileDto> };

/** One of the two files: its View button, or the spec's text when none is attached. */
const FileEntry = ({
  file,
  view,
  none,
  onOpen,
}: {
  file: ProjectFileDto;
  view: string;
  none: string;
  onOpen: () => void;
}) =>
  file ? (
    <Button variant="light" leftSection={<IconFileTypePdf size={16} aria-hidden />} onClick={onOpen}>
      {view}
    </Button>
  ) : (
    <Text size="sm" c="dimmed">
      {none}
    </Text>
  );

/**
 * Project Files (spec 3 §2): View Agreement and View Purchase Order open the stored PDF in the app's own
 * viewer, in a dialog (full screen on a phone); 'No agreement file attached' / 'No purchase order file
 * attached' when a file is missing.
 */
export const ProjectFiles = ({ project: p }: { project: ProjectDto }) => {
  const [open, setOpen] = useState<Doc | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  const { agreementFile, purchaseOrderFile } = p.files;
  return (
    <DetailSection title="Project Files" id="project-files">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap">
          <FileEntry
            file={agreementFile}
            view="View Agreement"
            none={PROJECT_MESSAGES.noAgreement}
            onOpen={() =>
              agreementFile && setOpen({ title: 'Agreement', noun: 'agreement', file: agreementFile })
            }
          />
          <FileEntry
            file={purchaseOrderFile}
            view="View Purchase Order"
            none={PROJECT_MESSAGES.noPurchaseOrder}
            onOpen={() =>
              purchaseOrderFile &&
              setOpen({ title: 'Purchase Order', noun: 'purchase order', file: purchaseOrderFile })
            }
          />
        </Group>
      </Stack>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open?.title}
        size="xl"
        fullScreen={phone}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {open && (
          <Suspense
            fallback={
              <Center py="xl">
                <Loader role="status" aria-label="Loading viewer" />
              </Center>
            }
          >
            <PdfViewer url={open.file.url} name={open.file.name} noun={open.noun} />
          </Suspense>
        )}
      </Modal>
    </DetailSection>
  );
};
