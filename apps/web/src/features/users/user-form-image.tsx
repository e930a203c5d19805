import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TOO_LARGE, PROFILE_IMAGE_WRONG_TYPE } from '@karya/domain';
import { Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
// The dropzone's styles come with this chunk, not with every page.
import '@mantine/dropzone/styles.css';
import { IconPhoto, IconTrash, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';

const ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'] };

/** The message for a file the picker refused; nothing is sent for it. */
export const imageRejectionMessage = (rejections: FileRejection[]) => {
  const codes = rejections.flatMap((r) => r.errors.map((e) => e.code));
  if (codes.includes('file-too-large')) return PROFILE_IMAGE_TOO_LARGE;
  if (codes.includes('file-invalid-type')) return PROFILE_IMAGE_WRONG_TYPE;
  return rejections[0]?.errors[0]?.message ?? PROFILE_IMAGE_WRONG_TYPE;
};

/**
 * Profile image: drop or pick a jpg/jpeg/png up to 5 MB, with a preview. Remove drops a new pick, or marks
 * the stored image for deletion (deleteImage) when there is one.
 */
export const ProfileImagePicker = ({
  name,
  currentUrl,
  file,
  deleted,
  onFile,
  onRemove,
}: {
  name: string;
  currentUrl: string | null;
  file: File | null;
  deleted: boolean;
  onFile: (file: File) => void;
  onRemove: () => void;
}) => {
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? (deleted ? null : currentUrl);

  return (
    <Stack gap="xs">
      <Group align="center" wrap="wrap" gap="md">
        <Avatar src={shown} alt={name ? `${name}'s profile image` : 'Profile image'} size={96} radius={96}>
          {name ? name.charAt(0).toUpperCase() : <IconPhoto size={32} />}
        </Avatar>
        <Dropzone
          onDrop={(files) => {
            setError(null);
            if (files[0]) onFile(files[0]);
          }}
          onReject={(rejections) => setError(imageRejectionMessage(rejections))}
          maxSize={PROFILE_IMAGE_MAX_BYTES}
          accept={ACCEPT}
          multiple={false}
          style={{ flex: '1 1 220px' }}
          aria-label="Upload profile image"
          inputProps={{ 'aria-label': 'Profile image file' }}
        >
          <Group justify="center" gap="sm" mih={64} style={{ pointerEvents: 'none' }} wrap="nowrap">
            <Dropzone.Accept>
              <IconUpload size={28} />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={28} />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhoto size={28} />
            </Dropzone.Idle>
            <div>
              <Text size="sm">Drop an image here or click to choose</Text>
              <Text size="xs" c="dimmed">
                JPG, JPEG or PNG, at most 5MB
              </Text>
            </div>
          </Group>
        </Dropzone>
      </Group>
      {shown && (
        <Group>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={() => {
              setError(null);
              onRemove();
            }}
          >
            Remove image
          </Button>
        </Group>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
};
