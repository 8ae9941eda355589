import {
  type DeviceClass,
  type DeviceClassRange,
  deviceClassForWidth,
  type FormTemplate,
} from '@trialbase/domain';
import { useEffect, useState } from 'react';

/** Spec 002 §9: forms that need room want 700 px (568 in single-question mode). */
export const FORM_MIN_WIDTH = 700;
export const SINGLE_QUESTION_MIN_WIDTH = 568;

export type Viewport = { width: number; height: number };

function read(): Viewport {
  return { width: window.innerWidth, height: window.innerHeight };
}

/** The window size; re-renders on resize and rotation. */
export function useViewport(): Viewport {
  const [viewport, setViewport] = useState(read);
  useEffect(() => {
    const handleResize = () => setViewport(read());
    window.addEventListener('resize', handleResize);
    window.addEventListener('orientationchange', handleResize);
    return () => {
      window.removeEventListener('resize', handleResize);
      window.removeEventListener('orientationchange', handleResize);
    };
  }, []);
  return viewport;
}

/** Spec 002 §9 device classes: mobile below 540 px, tablet 540 to below 1024 px, else desktop. */
export function deviceClassOf(viewport: Viewport): DeviceClass {
  return deviceClassForWidth(viewport.width);
}

/**
 * Spec 002 §2 unsupported device: a form laid out in width (tables, horizontal answers, image
 * charts) needs 700 px, or 568 px in single-question mode; narrower screens get a rotate hint.
 */
export function isTooNarrow(form: FormTemplate, viewport: Viewport): boolean {
  const isWide =
    form.type === 'TYPE_IMAGE_CHART' || form.questions.some((q) => q.type === 'TABLE' || q.isHorizontal);
  if (!isWide) return false;
  return viewport.width < (form.singleQuestionFillout ? SINGLE_QUESTION_MIN_WIDTH : FORM_MIN_WIDTH);
}

/** Spec 002 §2: numeric rating scales on a portrait phone get the rotate-your-phone hint. */
export function needsRotateForScale(form: FormTemplate, viewport: Viewport): boolean {
  const isPortraitPhone = viewport.height > viewport.width && viewport.width < SINGLE_QUESTION_MIN_WIDTH;
  return isPortraitPhone && form.questions.some((q) => q.numericRatingScale);
}

/**
 * Spec 002 §2, §9 EQ-5D licence: the form's own licensed device classes; a form without any sets
 * no limit.
 */
export function isLicensedFor(licensed: readonly DeviceClass[], device: DeviceClass): boolean {
  return licensed.length === 0 || licensed.includes(device);
}

/** The device classes a form is licensed for (EQ-5D forms carry them; others have none). */
export function licensedClassesOf(form: { deviceClasses?: readonly DeviceClassRange[] }): DeviceClass[] {
  return [...new Set((form.deviceClasses ?? []).map((range) => range.deviceClass))];
}
