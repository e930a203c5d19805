import { ITEM_FILE_MAX_BYTES, ITEM_IMAGE_TYPES, ITEM_IMAGES_MAX, ITEM_MESSAGES } from '@karya/domain';

// The pickers' own checks of an item's files (spec 3 §5); the server decides again by content.

const IMAGE_NAME = /\.(png|jpe?g|webp)$/i;
/** Some browsers name a .jpg 'image/jpg'. */
const IMAGE_TYPES: readonly string[] = [...ITEM_IMAGE_TYPES, 'image/jpg'];
const PDF_NAME = /\.pdf$/i;

/** Why an image may not be added: not png/jpeg/jpg/webp, or over 5 MB; null when it may. */
export const imageProblem = (file: File): string | null => {
  const typeOk = file.type ? IMAGE_TYPES.includes(file.type) : IMAGE_NAME.test(file.name);
  if (!typeOk) return ITEM_MESSAGES.imageWrongType;
  if (file.size > ITEM_FILE_MAX_BYTES) return ITEM_MESSAGES.imageTooLarge;
  return null;
};

/**
 * The images of a pick that may be added to the `current` ones (stored images kept plus new ones): each
 * must pass imageProblem, and the item holds at most 5 images in all ('Maximum 5 images allowed').
 * `error` is the first reason a file was left out.
 */
export const pickImages = (current: number, files: readonly File[]) => {
  const accepted: File[] = [];
  let error: string | null = null;
  for (const file of files) {
    const problem = imageProblem(file);
    if (problem) error ??= problem;
    else if (current + accepted.length >= ITEM_IMAGES_MAX) error ??= ITEM_MESSAGES.imagesTooMany;
    else accepted.push(file);
  }
  return { accepted, error };
};

/** A pick of the specification: one PDF of at most 5 MB ('Only one file allowed', 'Max size 5MB allowed'). */
export const pickSpecification = (files: readonly File[]): { file: File | null; error: string | null } => {
  if (files.length === 0) return { file: null, error: null };
  if (files.length > 1) return { file: null, error: ITEM_MESSAGES.specificationTooMany };
  const file = files[0]!;
  const pdf = file.type ? file.type === 'application/pdf' : PDF_NAME.test(file.name);
  if (!pdf) return { file: null, error: ITEM_MESSAGES.specificationWrongType };
  if (file.size > ITEM_FILE_MAX_BYTES) return { file: null, error: ITEM_MESSAGES.specificationTooLarge };
  return { file, error: null };
};

/** Whether the images kept and added stay within the limit (checked again on submit). */
export const imagesWithinLimit = (kept: number, added: number) => kept + added <= ITEM_IMAGES_MAX;
