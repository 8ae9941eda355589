/**
 * pdf.js behind a small interface, imported on first use so that only the e-consent signing page
 * downloads it (issue 24: a heavy PDF library only on this page). The legacy build carries the
 * polyfills older phone browsers need; the worker is a file of our own origin (CSP script-src
 * 'self') and nothing is evaluated from strings (no eval under the CSP).
 */
export type PdfPageHandle = {
  /** Draws the page `width` CSS pixels wide, sharp on the screen's pixel ratio. */
  draw: (
    canvas: HTMLCanvasElement,
    width: number,
    pixelRatio: number,
  ) => { done: Promise<void>; cancel: () => void };
  /** The page's text, for screen readers. */
  text: () => Promise<string>;
};

export type PdfDocumentHandle = {
  pageCount: number;
  /** Width and height of every page at scale 1, in order. */
  sizes: () => Promise<{ width: number; height: number }[]>;
  page: (number: number) => Promise<PdfPageHandle>;
  destroy: () => Promise<void>;
};

/** Pages wider than this many device pixels are capped (memory on small phones). */
const MAX_CANVAS_PIXELS = 4096;

async function loadLibrary() {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

let library: ReturnType<typeof loadLibrary> | null = null;

/** Opens a PDF from its bytes (a copy is handed to the worker, so `data` stays usable). */
export async function loadPdf(data: Uint8Array): Promise<PdfDocumentHandle> {
  library ??= loadLibrary().catch((error: unknown) => {
    library = null;
    throw error;
  });
  const pdfjs = await library;
  const task = pdfjs.getDocument({
    data: data.slice(),
    isEvalSupported: false,
    enableXfa: false,
  });
  const pdf = await task.promise;
  return {
    pageCount: pdf.numPages,
    sizes: async () => {
      const pages = await Promise.all(
        Array.from({ length: pdf.numPages }, (_, index) => pdf.getPage(index + 1)),
      );
      return pages.map((page) => {
        const viewport = page.getViewport({ scale: 1 });
        return { width: viewport.width, height: viewport.height };
      });
    },
    page: async (number) => {
      const page = await pdf.getPage(number);
      return {
        draw: (canvas, width, pixelRatio) => {
          const base = page.getViewport({ scale: 1 });
          const ratio = Math.min(pixelRatio, MAX_CANVAS_PIXELS / width);
          const viewport = page.getViewport({ scale: (width / base.width) * ratio });
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          const render = page.render({ canvas, viewport });
          return { done: render.promise, cancel: () => render.cancel() };
        },
        text: async () => {
          const content = await page.getTextContent();
          return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
        },
      };
    },
    destroy: () => task.destroy(),
  };
}
