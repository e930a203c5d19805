import { ActionIcon, Button, Center, Group, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  IconArrowsHorizontal,
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
// pdf.js, bundled with the app (GUIDE: no CDN), its worker a file of our own build (CSP worker-src
// 'self'). The legacy build carries the polyfills older browsers need for pdf.js 5.
import {
  GlobalWorkerOptions,
  getDocument,
  type PDFDocumentProxy,
  type RenderTask,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { EmptyState, ErrorState } from '../../components/list/list-states';

GlobalWorkerOptions.workerSrc = workerUrl;

const ZOOM_STEP = 1.25;
const ZOOM_MIN = 0.25;
const ZOOM_MAX = 4;
const openFailed = (noun: string) => `The ${noun} could not be opened. Check your connection and try again.`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type Loaded = { doc: PDFDocumentProxy; download: string };

/**
 * Fetches a stored PDF with the session's cookie and opens it with pdf.js: no `eval` (the CSP has no
 * 'unsafe-eval'), no WebAssembly decoders (no 'wasm-unsafe-eval' either), no XFA forms.
 */
const usePdf = (url: string) => {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [state, setState] = useState<'loading' | 'missing' | 'failed' | 'ready'>('loading');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again (Retry)
  useEffect(() => {
    const controller = new AbortController();
    let cancelled = false;
    let objectUrl: string | null = null;
    let task: ReturnType<typeof getDocument> | null = null;
    setState('loading');
    setLoaded(null);
    (async () => {
      try {
        const res = await fetch(url, { credentials: 'include', signal: controller.signal });
        if (res.status === 404) {
          setState('missing');
          return;
        }
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const bytes = await res.arrayBuffer();
        // The download keeps its own copy: pdf.js takes the bytes over to its worker.
        objectUrl = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
        task = getDocument({
          data: new Uint8Array(bytes),
          isEvalSupported: false,
          useWasm: false,
          enableXfa: false,
        });
        const doc = await task.promise;
        if (cancelled) return;
        setLoaded({ doc, download: objectUrl });
        setState('ready');
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      controller.abort();
      void task?.destroy();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, attempt]);

  return { loaded, state, retry: () => setAttempt((a) => a + 1) };
};

/**
 * The specification viewer (spec 3 §2): one page at a time on a canvas, Previous / Next, zoom out / in,
 * fit to width, and a Download link. `noun` names the document in its texts (a project's agreement and
 * purchase order open in it too: issue 26).
 */
export const PdfViewer = ({
  url,
  name,
  noun = 'specification',
}: {
  url: string;
  name: string;
  noun?: string;
}) => {
  const { loaded, state, retry } = usePdf(url);
  const [pageNo, setPageNo] = useState(1);
  /** null: fit the page to the width of the screen. */
  const [zoom, setZoom] = useState<number | null>(null);
  const [shownScale, setShownScale] = useState(1);
  const [rendering, setRendering] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { ref: boxRef, width: boxWidth } = useElementSize();
  const doc = loaded?.doc;
  const pages = doc?.numPages ?? 0;

  useEffect(() => {
    if (!doc) return;
    let cancelled = false;
    let task: RenderTask | null = null;
    setRendering(true);
    (async () => {
      try {
        const page = await doc.getPage(pageNo);
        if (cancelled) return;
        const natural = page.getViewport({ scale: 1 });
        const fit = boxWidth > 0 ? boxWidth / natural.width : 1;
        const scale = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, zoom ?? fit));
        setShownScale(scale);
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: scale * ratio });
        const canvas = canvasRef.current;
        if (!canvas) return;
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
        canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
        task = page.render({ canvas, viewport });
        await task.promise;
      } catch {
        // A render cancelled by the next page or zoom; the next one draws.
      } finally {
        if (!cancelled) setRendering(false);
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, pageNo, zoom, boxWidth]);

  if (state === 'missing') return <EmptyState message={`No ${noun} found`} />;
  if (state === 'failed') return <ErrorState message={openFailed(noun)} onRetry={retry} />;

  const go = (n: number) => setPageNo(Math.min(Math.max(1, n), pages || 1));
  const zoomBy = (factor: number) =>
    setZoom(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(shownScale * factor * 100) / 100)));

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="xs">
        <Group
          justify="space-between"
          gap="xs"
          wrap="wrap"
          role="toolbar"
          aria-label={`${capital(noun)} viewer`}
        >
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Previous page">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Previous page"
                disabled={!doc || pageNo <= 1}
                onClick={() => go(pageNo - 1)}
              >
                <IconChevronLeft size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Text size="sm" px={4} aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
              {doc ? `Page ${pageNo} of ${pages}` : 'Loading…'}
            </Text>
            <Tooltip label="Next page">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Next page"
                disabled={!doc || pageNo >= pages}
                onClick={() => go(pageNo + 1)}
              >
                <IconChevronRight size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Zoom out">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Zoom out"
                disabled={!doc || shownScale <= ZOOM_MIN}
                onClick={() => zoomBy(1 / ZOOM_STEP)}
              >
                <IconZoomOut size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Text size="sm" w={48} ta="center" aria-label="Zoom level">
              {Math.round(shownScale * 100)}%
            </Text>
            <Tooltip label="Zoom in">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Zoom in"
                disabled={!doc || shownScale >= ZOOM_MAX}
                onClick={() => zoomBy(ZOOM_STEP)}
              >
                <IconZoomIn size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Fit to width">
              <ActionIcon
                variant={zoom === null ? 'light' : 'default'}
                size="lg"
                aria-label="Fit to width"
                aria-pressed={zoom === null}
                disabled={!doc}
                onClick={() => setZoom(null)}
              >
                <IconArrowsHorizontal size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Button
            component="a"
            href={loaded?.download}
            download={name}
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            disabled={!loaded}
          >
            Download
          </Button>
        </Group>
      </Paper>
      <div ref={boxRef} style={{ width: '100%', overflow: 'auto', position: 'relative' }}>
        {!doc && (
          <Center py="xl">
            <Loader role="status" aria-label={`Loading ${noun}`} />
          </Center>
        )}
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={doc ? `${name}, page ${pageNo} of ${pages}` : name}
          aria-busy={rendering}
          style={{ display: doc ? 'block' : 'none', margin: '0 auto', background: 'white' }}
        />
      </div>
    </Stack>
  );
};
