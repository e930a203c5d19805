import { type DeviceInfo, deviceFromUserAgent, type GeoPoint } from '@karya/domain';

/** Messages when the browser cannot give a position (spec 1 §5). */
export const LOCATION_MESSAGES = {
  denied:
    'Location permission denied. Please enable location access for security purposes or contact the admin.',
  unsupported:
    'Your browser does not support location access. Please use a different browser or contact the admin.',
  unavailable: 'Your location is unavailable right now. Please check your device settings and try again.',
  timeout: 'Getting your location took too long. Please try again.',
  unknown: 'Something went wrong while getting your location. Please try again.',
} as const;

export class LocationError extends Error {}

/** The position with high accuracy, a 10 s timeout and no cached position (spec 1 §9). */
export const getLocation = () =>
  new Promise<GeoPoint>((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new LocationError(LOCATION_MESSAGES.unsupported));
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ type: 'Point', coordinates: [pos.coords.latitude, pos.coords.longitude] }),
      (err) => {
        const message =
          err.code === err.PERMISSION_DENIED
            ? LOCATION_MESSAGES.denied
            : err.code === err.POSITION_UNAVAILABLE
              ? LOCATION_MESSAGES.unavailable
              : err.code === err.TIMEOUT
                ? LOCATION_MESSAGES.timeout
                : LOCATION_MESSAGES.unknown;
        reject(new LocationError(message));
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 },
    );
  });

/** What the browser tells about the device, in the shape the API requires (every field non-empty). */
export const getDeviceInfo = (): DeviceInfo =>
  deviceFromUserAgent(navigator.userAgent) ?? {
    os: 'Unknown',
    browser: 'Unknown',
    device: 'Desktop',
    model: 'Unknown',
  };

/** Location and device info together, as the sign-in and password calls need them. */
export const getSecurityContext = async () => ({
  location: await getLocation(),
  deviceInfo: getDeviceInfo(),
});

export type SecurityContext = Awaited<ReturnType<typeof getSecurityContext>>;

/**
 * The security context, or, when the browser cannot give a position, the reason as a sentence to show: the
 * sign-in and password forms show it beside the form instead of sending the call.
 */
export const securityContextOrReason = async (): Promise<SecurityContext | string> => {
  try {
    return await getSecurityContext();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
};
