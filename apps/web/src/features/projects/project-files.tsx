import { PROJECT_MESSAGES, type ProjectDto, type ProjectFileDto } from '@karya/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { DetailSection } from '../../components/form/detail-section';

import type { Doc } from './file-dialog';

// The dialog with pdf.js, the viewer bundled with the app (no CDN), downloaded only when a file is opened.
const FileDialog = lazy(() => import('./file-dialog').then((m) => ({ default: m.FileDialog })));

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
  const [open, setOpen] = useState<{ doc: Doc; opened: boolean } | null>(null);
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
              agreementFile &&
              setOpen({ doc: { title: 'Agreement', noun: 'agreement', file: agreementFile }, opened: true })
            }
          />
          <FileEntry
            file={purchaseOrderFile}
            view="View Purchase Order"
            none={PROJECT_MESSAGES.noPurchaseOrder}
            onOpen={() =>
              purchaseOrderFile &&
              setOpen({
                doc: { title: 'Purchase Order', noun: 'purchase order', file: purchaseOrderFile },
                opened: true,
              })
            }
          />
        </Group>
      </Stack>
      {open && (
        <Suspense fallback={null}>
          <FileDialog
            doc={open.doc}
            opened={open.opened}
            onClose={() => setOpen({ ...open, opened: false })}
          />
        </Suspense>
      )}
    </DetailSection>
  );
};
