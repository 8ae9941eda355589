import { Stack, UnstyledButton } from '@mantine/core';
import { parseNumberAnswer } from '@trialbase/domain';
import type { CSSProperties } from 'react';
import { type QuestionInputProps, textOf, withText } from '../question-props';
import { useRendererText } from '../renderer-text';
import { pickText } from '../text';
import classes from './slider-question.module.css';

/** Keys that move the thumb: on an untouched slider already where the key points, they choose that value. */
const MOVE_KEYS = new Set([
  'Home',
  'End',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'PageUp',
  'PageDown',
]);

/** SLIDER: minValue..maxValue (default 0..100) with end labels, or a numeric rating scale of buttons (spec 001 §3, §5). */
export function SliderQuestion({
  question,
  answer,
  language,
  labelId,
  inputId,
  describedBy,
  isInvalid,
  onChange,
  onBlur,
}: QuestionInputProps) {
  const t = useRendererText();
  const min = question.minValue ?? 0;
  const max = question.maxValue ?? (question.numericRatingScale ? 10 : 100);
  const step = question.floatingNumber ? 0.1 : 1;
  const value = parseNumberAnswer(textOf(answer), true);
  const left = question.customLabels ? pickText(question.leftLabel, language) : '';
  const right = question.customLabels ? pickText(question.rightLabel, language) : '';
  const texts = question.sliderTexts.map((text) => pickText(text, language));
  const ends = (
    <div className={classes.ends}>
      <span dir="auto">{left || min}</span>
      <span dir="auto">{right || max}</span>
    </div>
  );
  if (question.numericRatingScale && max - min <= 20) {
    const levels = Array.from({ length: Math.floor(max - min) + 1 }, (_, i) => min + i);
    return (
      <Stack gap={4}>
        <div
          role="radiogroup"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          className={classes.scale}
        >
          {levels.map((level) => (
            <UnstyledButton
              key={level}
              role="radio"
              aria-checked={value === level}
              data-checked={value === level || undefined}
              className={classes.level}
              onClick={() => onChange(withText(answer, value === level ? '' : String(level)))}
              onBlur={onBlur}
            >
              {level}
            </UnstyledButton>
          ))}
        </div>
        {ends}
      </Stack>
    );
  }
  const fill =
    value === null ? 0 : ((Math.min(Math.max(value, min), max) - min) / Math.max(max - min, step)) * 100;
  // A participant who wants the lowest value on an untouched slider: the thumb is already there, so
  // no change event comes; a click on it or Home/arrow keys towards it choose it.
  const chooseShown = (target: HTMLInputElement) => {
    if (value === null) onChange(withText(answer, target.value));
  };
  return (
    <div className={classes.range}>
      {ends}
      {/* A native range input (issue 16 item 6): Mantine's slider was some forty components per
          question. Keyboard (arrows, Home/End, Page keys), right-to-left and the slider role come
          with the browser; untouched, it reads "no value chosen yet". */}
      <input
        type="range"
        id={inputId}
        className={classes.input}
        min={min}
        max={max}
        step={step}
        value={value ?? min}
        data-unset={value === null || undefined}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-invalid={isInvalid || undefined}
        aria-valuetext={value === null ? t('RENDERER.SLIDER.NOT_SET') : undefined}
        style={{ '--tb-slider-fill': `${fill}%` } as CSSProperties}
        onChange={(event) => onChange(withText(answer, event.currentTarget.value))}
        onPointerUp={(event) => {
          chooseShown(event.currentTarget);
          onBlur();
        }}
        onKeyUp={(event) => {
          if (MOVE_KEYS.has(event.key)) chooseShown(event.currentTarget);
        }}
        onBlur={onBlur}
      />
      {texts.length > 1 && (
        <div className={classes.marks} aria-hidden>
          {texts.map((_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: marks are positions on the scale
            <span key={i} />
          ))}
        </div>
      )}
      {/* Issue 18 item 7: the slider texts under the track in a grid of their own, wrapping in
          their cell, the first at the start and the last at the end. */}
      {texts.some((text) => text) && (
        <div
          className={classes.texts}
          style={{ gridTemplateColumns: `repeat(${texts.length}, minmax(0, 1fr))` }}
        >
          {texts.map((text, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: slider texts are positions on the scale
            <span key={i} className={classes.text}>
              <bdi>{text}</bdi>
            </span>
          ))}
        </div>
      )}
      <div className={classes.value}>
        <span aria-live="polite">
          {value === null ? t('RENDERER.SLIDER.NOT_SET') : t('RENDERER.SLIDER.VALUE', { value })}
        </span>
        {value !== null && (
          <button type="button" className="tb-link-button" onClick={() => onChange(withText(answer, ''))}>
            {t('RENDERER.SLIDER.CLEAR')}
          </button>
        )}
      </div>
    </div>
  );
}
