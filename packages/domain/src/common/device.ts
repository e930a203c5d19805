import type { DeviceInfo } from './fields.ts';

/**
 * What a browser's User-Agent says about the device, in the shape sign-in records. The server reads it
 * from the request for history; the web sends the same at sign-in.
 */
export const deviceFromUserAgent = (ua: string | null | undefined): DeviceInfo | null => {
  if (!ua) return null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'Unknown';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Unknown';
  const device = /Mobi|Android|iPhone/.test(ua) ? 'Mobile' : /iPad|Tablet/.test(ua) ? 'Tablet' : 'Desktop';
  const model = (/\(([^;)]+)/.exec(ua)?.[1]?.trim() || 'Unknown').slice(0, 100);
  return { os, browser, device, model };
};

/** "Chrome on Android (Mobile)". */
export const describeDevice = (d: DeviceInfo) => `${d.browser} on ${d.os} (${d.device})`;
