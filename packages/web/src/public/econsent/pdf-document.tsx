import { Box, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { usePublicTranslation } from '../app/use-public-translation';
import { loadPdf, type PdfDocumentHandle, type PdfPageHandle } from './pdf-loader';

type PageSize = { width: number; height: number };

/**
 * One page of the consent document: a canvas as wide as the column (spec 002 §9: readable on a
 * 390 px phone without pinch-zoom), drawn when it comes near the screen, with its text beside it
 * for screen readers (a canvas has none).
 */
function PdfPage({
  pdf,
  number,
  size,
  width,
  label,
}: {
  pdf: PdfDocumentHandle;
  number: number;
  size: PageSize;
  width: number;
  label: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [isNear, setIsNear] = useState(false);
  const [text, setText] = useState('');
  const height = Math.round((size.height / size.width) * width);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setIsNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setIsNear(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const target = canvas.current;
    if (!isNear || !target || width <= 0) return;
    let isCurrent = true;
    let cancel: (() => void) | null = null;
    void pdf.page(number).then(async (page: PdfPageHandle) => {
      if (!isCurrent) return;
      const task = page.draw(target, width, window.devicePixelRatio || 1);
      cancel = task.cancel;
      await task.done.catch(() => undefined);
      const pageText = await page.text().catch(() => '');
      if (isCurrent) setText(pageText);
    });
    return () => {
      isCurrent = false;
      cancel?.();
    };
  }, [isNear, pdf, number, width]);

  return (
    <Box
      ref={holder}
      data-testid="econsent-page"
      data-page={number}
      style={{
        width,
        height,
        background: 'white',
        boxShadow: '0 1px 4px rgba(0, 0, 0, 0.25)',
        position: 'relative',
      }}
    >
      <canvas ref={canvas} style={{ display: 'block', width, height }} />
      <VisuallyHidden>
        <section aria-label={label}>{text}</section>
      </VisuallyHidden>
    </Box>
  );
}

/**
 * Spec 002 §4 e-consent signing: the consent PDF drawn page by page at the width of the column
 * (pdf.js, loaded only here), and `onReachedEnd` once the participant scrolled past the last page.
 * The document keeps its own direction in a right-to-left page. `fallback` is shown when the
 * browser cannot draw it (an older browser, a damaged file): the file to open instead.
 */
export function PdfDocument({
  data,
  onReachedEnd,
  fallback,
}: {
  data: Uint8Array;
  onReachedEnd: () => void;
  fallback: ReactNode;
}) {
  const { t } = usePublicTranslation();
  const column = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [pdf, setPdf] = useState<PdfDocumentHandle | null>(null);
  const [sizes, setSizes] = useState<PageSize[] | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const reachedEnd = useRef(onReachedEnd);
  reachedEnd.current = onReachedEnd;

  useEffect(() => {
    let isCurrent = true;
    let opened: PdfDocumentHandle | null = null;
    loadPdf(data)
      .then(async (handle) => {
        opened = handle;
        const pageSizes = await handle.sizes();
        if (!isCurrent) return;
        setPdf(handle);
        setSizes(pageSizes);
      })
      .catch(() => {
        if (isCurrent) setHasFailed(true);
      });
    return () => {
      isCurrent = false;
      void opened?.destroy();
    };
  }, [data]);

  useEffect(() => {
    const element = column.current;
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    // Redrawn only when the width changes by a few pixels (a phone's address bar does not).
    const observer = new ResizeObserver(() => {
      const next = Math.floor(element.clientWidth);
      setWidth((current) => (Math.abs(current - next) > 4 ? next : current));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = end.current;
    if (!element || !sizes) return;
    if (typeof IntersectionObserver === 'undefined') {
      reachedEnd.current();
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        reachedEnd.current();
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [sizes]);

  if (hasFailed) return <>{fallback}</>;
  return (
    // The author's document: its own direction whatever the page's (a PDF page is drawn as it is).
    <Box ref={column} dir="ltr" w="100%" data-testid="econsent-document">
      {pdf && sizes && width > 0 ? (
        <Stack gap="md" align="center">
          {sizes.map((size, index) => (
            <PdfPage
              // biome-ignore lint/suspicious/noArrayIndexKey: pages are numbered and never reordered.
              key={index}
              pdf={pdf}
              number={index + 1}
              size={size}
              width={width}
              label={t('ECONSENT.DOCUMENT.PAGE', { page: index + 1, pages: sizes.length })}
            />
          ))}
          <div ref={end} data-testid="econsent-document-end" style={{ height: 1, width: '100%' }} />
        </Stack>
      ) : (
        <Stack align="center" py="xl" role="status" aria-live="polite">
          <Loader aria-hidden="true" />
          <Text>{t('ECONSENT.DOCUMENT.LOADING')}</Text>
        </Stack>
      )}
    </Box>
  );
}
