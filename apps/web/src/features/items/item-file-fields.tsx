import {
  ITEM_IMAGE_ACCEPT,
  ITEM_IMAGES_MAX,
  ITEM_MESSAGES,
  ITEM_SPECIFICATION_ACCEPT,
  type ItemDto,
  type ItemFile,
} from '@karya/domain';
import {
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconArrowBackUp, IconFileTypePdf, IconPhotoPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { type ChangeEvent, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { pickImages, pickSpecification } from './item-files';

/**
 * The files an item form is choosing (spec 3 §5): new images, stored images marked for removal
 * (`deletedImages`), a new specification (replaces the stored one) or the stored one marked for removal.
 */
export const useItemFiles = (item?: ItemDto | null) => {
  const stored = item?.images ?? [];
  const [newImages, setNewImages] = useState<File[]>([]);
  const [deletedImages, setDeletedImages] = useState<string[]>([]);
  const [specification, setSpecification] = useState<File | null>(null);
  const [deleteSpecification, setDeleteSpecification] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const [specificationError, setSpecificationError] = useState<string | null>(null);
  const kept = stored.filter((i) => !deletedImages.includes(i._id)).length;

  return {
    stored,
    storedSpecification: item?.specifications ?? null,
    newImages,
    deletedImages,
    specification,
    deleteSpecification,
    imageError,
    specificationError,
    kept,
    count: kept + newImages.length,
    changed:
      newImages.length > 0 || deletedImages.length > 0 || Boolean(specification) || deleteSpecification,
    addImages: (files: readonly File[]) => {
      const { accepted, error } = pickImages(kept + newImages.length, files);
      setImageError(error);
      if (accepted.length) setNewImages((n) => [...n, ...accepted]);
    },
    removeNewImage: (file: File) => {
      setImageError(null);
      setNewImages((n) => n.filter((f) => f !== file));
    },
    removeStoredImage: (id: string) => {
      setImageError(null);
      setDeletedImages((d) => [...d, id]);
    },
    keepStoredImage: (id: string) => {
      // Taking back a removed image must still leave room for it.
      if (kept + newImages.length >= ITEM_IMAGES_MAX) {
        setImageError(ITEM_MESSAGES.imagesTooMany);
        return;
      }
      setDeletedImages((d) => d.filter((x) => x !== id));
    },
    pickSpecification: (files: readonly File[]) => {
      const { file, error } = pickSpecification(files);
      setSpecificationError(error);
      if (file) setSpecification(file);
    },
    dropSpecification: () => {
      setSpecificationError(null);
      if (specification) setSpecification(null);
      else setDeleteSpecification(true);
    },
    keepSpecification: () => setDeleteSpecification(false),
    /** Restores the removals kept in a form draft (new files cannot be kept: they are picked again). */
    restore: (removed: { deletedImages?: string[]; deleteSpecification?: boolean }) => {
      setDeletedImages((removed.deletedImages ?? []).filter((id) => stored.some((i) => i._id === id)));
      setDeleteSpecification(Boolean(removed.deleteSpecification && item?.specifications));
    },
    setImageError,
  };
};
export type ItemFiles = ReturnType<typeof useItemFiles>;

const ignore = () => undefined;

/**
 * The file input's own change handler (in place of FileButton's, which keeps only the first file when not
 * `multiple`): every picked file goes to `take`, and the input is emptied so the same file can be picked
 * again after it was removed.
 */
const picked = (take: (files: readonly File[]) => void) => (event: ChangeEvent<HTMLInputElement>) => {
  const list = Array.from(event.currentTarget.files ?? []);
  event.currentTarget.value = '';
  take(list);
};

/** A preview of a picked file while it is on screen. */
const useObjectUrl = (file: File) => {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return url;
};

const NewImage = ({ file, onRemove }: { file: File; onRemove: () => void }) => {
  const url = useObjectUrl(file);
  return (
    <Paper withBorder radius="md" p={6} component="li">
      <Image src={url} alt={`New image ${file.name}`} h={96} fit="contain" radius="sm" />
      <Group justify="space-between" gap={4} mt={4} wrap="nowrap">
        <Badge size="xs" variant="light">
          New
        </Badge>
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={12} aria-hidden />}
          onClick={onRemove}
          aria-label={`Remove new image ${file.name}`}
        >
          Remove
        </Button>
      </Group>
    </Paper>
  );
};

const StoredImage = ({
  image,
  index,
  removed,
  canRemove,
  onRemove,
  onKeep,
}: {
  image: ItemFile;
  index: number;
  removed: boolean;
  canRemove: boolean;
  onRemove: () => void;
  onKeep: () => void;
}) => (
  <Paper withBorder radius="md" p={6} component="li" style={{ opacity: removed ? 0.5 : 1 }}>
    <Image src={image.url} alt={`Image ${index + 1}: ${image.name}`} h={96} fit="contain" radius="sm" />
    <Group justify="space-between" gap={4} mt={4} wrap="nowrap">
      {removed ? (
        <Badge size="xs" color="red" variant="light">
          To remove
        </Badge>
      ) : (
        <span />
      )}
      {canRemove &&
        (removed ? (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconArrowBackUp size={12} aria-hidden />}
            onClick={onKeep}
            aria-label={`Keep image ${index + 1}`}
          >
            Keep
          </Button>
        ) : (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={12} aria-hidden />}
            onClick={onRemove}
            aria-label={`Remove image ${index + 1}`}
          >
            Remove
          </Button>
        ))}
    </Group>
  </Paper>
);

/**
 * The item's images (spec 3 §5): up to 5 counting the stored ones kept; PNG, JPEG, JPG or WEBP of at most
 * 5 MB each. A refused pick shows why under the button; removing a stored image needs delete-file.
 */
export const ItemImagesField = ({ files, canDeleteFiles }: { files: ItemFiles; canDeleteFiles: boolean }) => {
  const hintId = useId();
  const errorId = useId();
  return (
    <Stack gap="sm">
      {(files.stored.length > 0 || files.newImages.length > 0) && (
        <SimpleGrid
          cols={{ base: 2, xs: 3, sm: 5 }}
          spacing="sm"
          component="ul"
          aria-label="Images"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {files.stored.map((image, i) => (
            <StoredImage
              key={image._id}
              image={image}
              index={i}
              removed={files.deletedImages.includes(image._id)}
              canRemove={canDeleteFiles}
              onRemove={() => files.removeStoredImage(image._id)}
              onKeep={() => files.keepStoredImage(image._id)}
            />
          ))}
          {files.newImages.map((file) => (
            <NewImage
              key={`${file.name}-${file.lastModified}-${file.size}`}
              file={file}
              onRemove={() => files.removeNewImage(file)}
            />
          ))}
        </SimpleGrid>
      )}
      <Group gap="sm" wrap="wrap">
        <FileButton
          onChange={ignore}
          accept={ITEM_IMAGE_ACCEPT}
          multiple
          inputProps={{ 'aria-label': 'Image files', onChange: picked(files.addImages) }}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconPhotoPlus size={16} aria-hidden />}
              aria-describedby={`${hintId}${files.imageError ? ` ${errorId}` : ''}`}
            >
              Add images
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed" id={hintId}>
          {files.count} of {ITEM_IMAGES_MAX} · PNG, JPEG, JPG or WEBP, at most 5MB each
        </Text>
      </Group>
      {files.imageError && (
        <Text size="sm" c="red.8" role="alert" id={errorId}>
          {files.imageError}
        </Text>
      )}
    </Stack>
  );
};

/**
 * The specification (spec 3 §5): one PDF of at most 5 MB. A new one replaces the stored one; removing the
 * stored one needs delete-file.
 */
export const ItemSpecificationField = ({
  files,
  canDeleteFiles,
  viewerPath,
}: {
  files: ItemFiles;
  canDeleteFiles: boolean;
  /** The stored specification's viewer, when the item exists. */
  viewerPath?: string;
}) => {
  const hintId = useId();
  const errorId = useId();
  const stored = files.storedSpecification;
  return (
    <Stack gap="sm">
      {files.specification ? (
        <Group gap="sm" wrap="nowrap">
          <IconFileTypePdf size={20} aria-hidden />
          <Text size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {files.specification.name}
            {stored ? ' (replaces the current file)' : ''}
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={files.dropSpecification}
            aria-label={`Remove new specification ${files.specification.name}`}
          >
            Remove
          </Button>
        </Group>
      ) : stored ? (
        <Group gap="sm" wrap="nowrap" style={{ opacity: files.deleteSpecification ? 0.6 : 1 }}>
          <IconFileTypePdf size={20} aria-hidden />
          {viewerPath ? (
            <Anchor component={Link} to={viewerPath} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {stored.name}
            </Anchor>
          ) : (
            <Text size="sm">{stored.name}</Text>
          )}
          {files.deleteSpecification && (
            <Badge size="xs" color="red" variant="light">
              To remove
            </Badge>
          )}
          {canDeleteFiles &&
            (files.deleteSpecification ? (
              <Button size="compact-sm" variant="subtle" onClick={files.keepSpecification}>
                Keep
              </Button>
            ) : (
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={files.dropSpecification}
                aria-label="Remove specification"
              >
                Remove
              </Button>
            ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          No specification file chosen.
        </Text>
      )}
      <Group gap="sm" wrap="wrap">
        <FileButton
          onChange={ignore}
          accept={ITEM_SPECIFICATION_ACCEPT}
          // Every file of the pick is checked, so several (a drop) are refused with 'Only one file allowed'.
          inputProps={{ 'aria-label': 'Specification file', onChange: picked(files.pickSpecification) }}
        >
          {(props) => (
            <Button
              {...props}
              variant="light"
              leftSection={<IconUpload size={16} aria-hidden />}
              aria-describedby={`${hintId}${files.specificationError ? ` ${errorId}` : ''}`}
            >
              {stored || files.specification ? 'Replace specification' : 'Choose specification'}
            </Button>
          )}
        </FileButton>
        <Text size="sm" c="dimmed" id={hintId}>
          One PDF file, at most 5MB
        </Text>
      </Group>
      {files.specificationError && (
        <Text size="sm" c="red.8" role="alert" id={errorId}>
          {files.specificationError}
        </Text>
      )}
    </Stack>
  );
};
