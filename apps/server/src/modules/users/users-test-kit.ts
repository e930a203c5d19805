import { randomBytes } from 'node:crypto';

/** A valid 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export type FilePart = { field: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body as a browser sends it; objects and arrays go as JSON text. */
export const multipartBody = (fields: Record<string, unknown>, file?: FilePart | FilePart[]) => {
  const boundary = `----karya${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`),
    );
  }
  for (const f of [file ?? []].flat()) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

let n = 0;
/** A complete, valid create-user form. */
export const newUserForm = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return {
    name: `Asha Nayak ${n}`,
    email: `asha.${n}.${randomBytes(3).toString('hex')}@karya.test`,
    phone: '9876543210',
    gender: 'Female',
    maritalStatus: 'Single',
    dateOfBirth: '1995-04-12',
    languages: ['English', 'Odia'],
    address: { city: 'Cuttack', state: 'Odisha', country: 'India' },
    emergencyContact: [{ name: 'Mother', relationship: 'Mother', phone: '98765 43211' }],
    socialMedia: { linkedin: 'https://linkedin.com/in/asha' },
    employmentType: 'Full-Time',
    password: 'New@User123',
    ...overrides,
  };
};

/** URL for a list call with bracket-style filters. */
export const listUrl = (path: string, params: [string, string][]) => {
  const q = new URLSearchParams(params);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
};
