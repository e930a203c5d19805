/** The response envelope every call uses (spec 1 §7). */
export type ApiEnvelope<T> = { success: boolean; message: string; data: T };
export type ApiErrorBody = {
  success: false;
  message: string;
  error?: string;
  errors?: { path: string; message: string }[];
};

/** Machine-readable error codes the client reacts to. */
export const ERROR_CODES = {
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  PASSWORD_CHANGE_REQUIRED: 'PASSWORD_CHANGE_REQUIRED',
  VALIDATION: 'VALIDATION_ERROR',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  /** The action is held but something it needs is not (issue 23: permission dependencies). */
  MISSING_DEPENDENCY: 'MISSING_DEPENDENCY',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  OUTSIDE_REGION: 'LOGIN_ATTEMPT_OUTSIDE_ALLOWED_REGION',
  CSRF: 'CSRF_REJECTED',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  TOO_LARGE: 'PAYLOAD_TOO_LARGE',
} as const;

/** A size in bytes as the messages write it: '1 MB', '16 MB', '512 KB'. */
export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${bytes / 1024 / 1024} MB`
    : bytes >= 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${bytes} bytes`;

export const MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again to continue.',
  emailNotVerified: 'Please verify your email to continue.',
  passwordChangeRequired: 'You need to change your password before you can continue.',
  unauthorizedPage:
    'You are Unauthorized. You do not have permission to access this page. If you believe this is a mistake, please contact the administrator.',
  crash: 'Oops! Something went wrong... try refreshing the page or contact support',
  /** 503 while a service the server needs (the Redis session store) does not answer. */
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  offline: "You're offline. Please check your internet connection.",
  online: "You're back online.",
  slow: 'Your connection is slow. Some delays may occur.',
  logoutConfirm: 'Are you sure you want to log out?',
  noData: 'No data available',
  noDataFound: 'No data found',
  userNotFound: 'User not found',
  activitiesFailed: 'Failed to load activities. Please try again.',
  noActivities: 'No activities found.',
  noUsersSearch: 'No users found. Try a different search.',
  noUsers: 'No users found',
  roleExpired: (names: string[]) => `The role ${names.join(', ')} has expired.`,
  fileFetchFailed: 'Failed to fetch the file.',
  fileDownloadFailed: 'Unable to download file',
  /** 413: a request body over the route's limit. */
  tooLarge: (limitBytes: number) => `The request is too large: at most ${sizeText(limitBytes)}.`,
  /** 400: a multipart form whose end never came (the closing boundary, or the rest of a file). */
  uploadCutOff: 'The upload was cut off before it ended. Please try again.',
  /** 400: JSON nested past the depth any of our bodies needs. */
  bodyTooDeep: 'The request body is nested too deeply.',
} as const;

/** Spec 1 §8: the message shown for a failed call. */
export const errorMessageFor = (status: number | undefined, body: unknown): string => {
  if (body !== undefined && body !== null && typeof body !== 'object') {
    return 'An unexpected error occurred. Please try again later.';
  }
  const server =
    body &&
    typeof (body as { message?: unknown }).message === 'string' &&
    (body as { message: string }).message.trim()
      ? (body as { message: string }).message
      : undefined;
  switch (status) {
    case 400:
      return server ?? 'Oops! Something is wrong with your request. Please check and try again.';
    case 401:
      return 'You need to log in to access this feature.';
    case 403:
      return server ?? 'You don’t have permission to perform this action.';
    case 404:
      return server ?? 'The requested resource was not found.';
    case 413:
      return server ?? 'The request is too large.';
    case 429:
      return server ?? 'You have made too many requests. Please try again later.';
    case 500:
      return 'We’re experiencing some technical issues. Please try again later.';
    default:
      return server ?? 'Something went wrong. Please try again.';
  }
};

/** A page of a list: `{<plural>, <plural>Count, page, limit}` (users / usersCount, roles / rolesCount ...). */
export type ListPage<K extends string, T> = { [key in K]: T[] } & { [key in `${K}Count`]: number } & {
  /** False when the count is "at least" (past LIST_COUNT_BOUND, decision 0021); absent means exact. */
  countExact?: boolean;
  page: number;
  limit: number;
};
