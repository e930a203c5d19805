// The one call this module makes into fontkit (pdfkit's font engine, which has no published types).
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): { layout: (text: string) => unknown };
}
