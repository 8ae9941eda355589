import { Box, Button, Group, Input, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { usePublicTranslation } from '../app/use-public-translation';

/** Height of the drawing area in CSS pixels (room for a signature on a 320 px phone). */
const PAD_HEIGHT = 180;

/**
 * Issue 24: the participant's drawn signature (signature_pad: mouse, finger or pen). `onChange`
 * gets a PNG data URL once something is drawn, null when cleared. The pad keeps its strokes when
 * the phone turns (the canvas is resized to its box and the strokes drawn again).
 */
export function SignatureField({
  onChange,
  error,
  disabled = false,
}: {
  onChange: (signature: string | null) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const { t } = usePublicTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  const labelId = useId();
  const errorId = useId();

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const signature = new SignaturePad(element, { penColor: '#0b1f44', minWidth: 0.8, maxWidth: 2.6 });
    pad.current = signature;
    const report = () => changed.current(signature.isEmpty() ? null : signature.toDataURL('image/png'));
    signature.addEventListener('endStroke', report);
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = element.offsetWidth;
      if (width === 0 || element.width === Math.floor(width * ratio)) return;
      const strokes = signature.toData();
      element.width = Math.floor(width * ratio);
      element.height = Math.floor(PAD_HEIGHT * ratio);
      element.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      if (strokes.length > 0) signature.fromData(strokes);
    };
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(element);
    if (!observer) window.addEventListener('resize', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', fit);
      signature.removeEventListener('endStroke', report);
      signature.off();
      pad.current = null;
    };
  }, []);

  useEffect(() => {
    if (!pad.current) return;
    if (disabled) pad.current.off();
    else pad.current.on();
  }, [disabled]);

  function handleClear() {
    pad.current?.clear();
    onChange(null);
  }

  return (
    <Box>
      <Group justify="space-between" align="end" mb={4} wrap="nowrap">
        <Input.Label id={labelId} required>
          {t('ECONSENT.SIGN.SIGNATURE')}
        </Input.Label>
        <Button variant="subtle" size="compact-md" onClick={handleClear} disabled={disabled}>
          {t('ECONSENT.SIGN.CLEAR')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb={6}>
        {t('ECONSENT.SIGN.SIGNATURE_HINT')}
      </Text>
      <canvas
        ref={canvas}
        role="img"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        data-testid="econsent-signature"
        style={{
          display: 'block',
          width: '100%',
          height: PAD_HEIGHT,
          touchAction: 'none',
          background: 'white',
          border: `2px dashed var(--mantine-color-${error ? 'red-6' : 'gray-5'})`,
          borderRadius: 'var(--mantine-radius-md)',
          cursor: disabled ? 'not-allowed' : 'crosshair',
        }}
      />
      {error && (
        <Input.Error id={errorId} mt={4}>
          {error}
        </Input.Error>
      )}
    </Box>
  );
}
