import {
  CATALOGUE_IMAGE_MAX_BYTES,
  CATALOGUE_IMAGE_TOO_LARGE,
  CATALOGUE_IMAGE_TYPES,
  CATALOGUE_IMAGE_WRONG_TYPE,
} from '@karya/domain';
import { Avatar, Button, FileInput, Group } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';

/** The picker's own check (the server decides by content): a JPEG or PNG of at most 5 MB. */
export const imageProblem = (file: File): string | null => {
  if (file.size > CATALOGUE_IMAGE_MAX_BYTES) return CATALOGUE_IMAGE_TOO_LARGE;
  if (!(CATALOGUE_IMAGE_TYPES as readonly string[]).includes(file.type)) return CATALOGUE_IMAGE_WRONG_TYPE;
  return null;
};

/**
 * The image a form is choosing: a new file, or the stored one marked for removal (sent as deleteImage).
 * Spread `field` into ImageField.
 */
export const useImageChoice = () => {
  const [file, setFile] = useState<File | null>(null);
  const [deleted, setDeleted] = useState(false);
  return {
    file,
    deleted,
    changed: Boolean(file) || deleted,
    field: {
      file,
      deleted,
      onFile: (picked: File | null) => {
        setFile(picked);
        if (picked) setDeleted(false);
      },
      onRemove: () => {
        if (file) setFile(null);
        else setDeleted(true);
      },
    },
  };
};

/**
 * A record's image (brands, categories, classes, vendors): a preview, a file picker and Remove. A refused
 * pick shows its message and is not kept; Remove drops a new pick or marks the stored image for deletion.
 */
export const ImageField = ({
  label,
  currentUrl,
  file,
  deleted,
  onFile,
  onRemove,
}: {
  label: string;
  currentUrl: string | null;
  file: File | null;
  deleted: boolean;
  onFile: (file: File | null) => void;
  onRemove: () => void;
}) => {
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? (deleted ? null : currentUrl);
  return (
    <Group align="flex-end" gap="md" wrap="nowrap">
      <Avatar src={shown} alt={shown ? `${label} preview` : ''} size={64} radius="md" color="gray">
        <IconPhoto size={28} aria-hidden />
      </Avatar>
      <FileInput
        label={label}
        description="JPG, JPEG or PNG, at most 5MB"
        placeholder="Choose an image"
        accept="image/png,image/jpeg"
        value={file}
        clearable
        error={error}
        style={{ flex: 1 }}
        onChange={(picked) => {
          const problem = picked ? imageProblem(picked) : null;
          setError(problem);
          onFile(problem ? null : picked);
        }}
      />
      {shown && (
        <Button
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={() => {
            setError(null);
            onRemove();
          }}
        >
          Remove image
        </Button>
      )}
    </Group>
  );
};
