import { Alert, Button, Checkbox, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  type CaptchaChallenge,
  type EConsentClause,
  type EConsentCodeChannel,
  OTP_CODE_LENGTH,
  type ParticipantSignatureMeaning,
} from '@trialbase/domain';
import { type FormEvent, useRef, useState } from 'react';
import { isPublicHttpError } from '../app/api';
import type { PublicKey } from '../app/i18n';
import { usePublicTranslation } from '../app/use-public-translation';
import { CaptchaWidget } from '../link/captcha-widget';
import { noticeOf } from '../link/otp-state';
import { ClauseQuestion, MeaningChoice } from './clause-question';
import { SignatureField } from './signature-field';
import { type CodeState, SigningCode } from './signing-code';

/** What the participant signs with (issue 24): the code, the typed name, the drawn signature, the answers. */
export type SignValues = {
  code: string;
  captcha: string | null;
  fullName: string;
  signature: string;
  meaning: ParticipantSignatureMeaning;
  clauses: { key: string; accepted: boolean }[];
};

/** The stated meaning of each kind of participant signature (21 CFR 11.50(a)(3)). */
const MEANING_TEXT = {
  PARTICIPANT_CONSENT: 'ECONSENT.MEANING.PARTICIPANT_CONSENT',
  REPRESENTATIVE_CONSENT: 'ECONSENT.MEANING.REPRESENTATIVE_CONSENT',
} as const satisfies Record<ParticipantSignatureMeaning, PublicKey>;

type Errors = Partial<Record<'fullName' | 'signature' | 'meaning' | 'code' | `clause:${string}`, PublicKey>>;

type Refusal = {
  errors: Errors;
  notice: PublicKey | null;
  /** A captcha the next attempt must solve (after more than 3 wrong codes), or null to drop it. */
  captcha?: CaptchaChallenge | null;
  /** The document changed or was signed meanwhile: the page loads again. */
  reload?: boolean;
};

/**
 * A refused signing call (the e-consent contract's errors): code, captcha, clause and signature
 * issues on their fields; a new document version or a signature already given reloads the page.
 */
function refusalOf(error: unknown, clauses: readonly EConsentClause[]): Refusal {
  if (!isPublicHttpError(error)) return { errors: {}, notice: 'PUBLIC.ERRORS.500' };
  if (error.status === 409) return { errors: {}, notice: 'ECONSENT.SIGN.CHANGED', reload: true };
  if (error.status !== 400) return { errors: {}, notice: noticeOf(error) };
  const issues = Array.isArray(error.context.issues)
    ? (error.context.issues as { path?: unknown[]; message?: string }[])
    : [];
  const errors: Errors = {};
  for (const issue of issues) {
    const [field, key] = issue.path ?? [];
    if (field === 'password' || field === 'code')
      errors.code = issue.message?.endsWith('EXPIRED')
        ? 'ECONSENT.SIGN.CODE_EXPIRED'
        : 'ECONSENT.SIGN.CODE_INVALID';
    else if (field === 'captcha') errors.code = 'ECONSENT.SIGN.CAPTCHA_REQUIRED';
    else if (field === 'fullName') errors.fullName = 'ECONSENT.SIGN.FULL_NAME_REQUIRED';
    else if (field === 'signature') errors.signature = 'ECONSENT.SIGN.SIGNATURE_REQUIRED';
    else if (field === 'clauses') {
      const index = clauses.findIndex((clause) => clause.key === key);
      errors[`clause:${Math.max(index, 0)}`] = 'ECONSENT.SIGN.CLAUSE_MUST_ACCEPT';
    }
  }
  const next = error.context.captcha as CaptchaChallenge | undefined;
  const captcha =
    error.context.captchaRequired === true && next
      ? next
      : error.context.captchaRequired === false
        ? null
        : undefined;
  if (Object.keys(errors).length === 0) return { errors: {}, notice: 'ECONSENT.SIGN.CHECK_FIELDS', captcha };
  return { errors, notice: null, captcha };
}

/**
 * Issue 24 signing form (21 CFR 11.50, 11.200): the explicit clauses one by one (yes or no), the
 * full name typed, the signature drawn, the meaning of the signature stated and confirmed, and
 * the one-time code that confirms who signs. Disabled until the document was read to the end.
 */
export function SignForm({
  isUnlocked,
  clauses,
  channels,
  meanings,
  requestCode,
  onSign,
  onReload,
}: {
  isUnlocked: boolean;
  clauses: readonly EConsentClause[];
  channels: readonly { channel: EConsentCodeChannel; maskedTo: string }[];
  meanings: readonly ParticipantSignatureMeaning[];
  requestCode: (
    channel: EConsentCodeChannel,
  ) => Promise<{ channels: readonly EConsentCodeChannel[]; cooldownTime: number }>;
  onSign: (values: SignValues) => Promise<void>;
  /** The document changed or was signed elsewhere meanwhile. */
  onReload: () => void;
}) {
  const { t } = usePublicTranslation();
  const [answers, setAnswers] = useState<Record<string, boolean>>({});
  const [fullName, setFullName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [hasConfirmed, setHasConfirmed] = useState(false);
  const [code, setCode] = useState('');
  const [codeState, setCodeState] = useState<CodeState>({ kind: 'idle' });
  const [cooldownUntil, setCooldownUntil] = useState<number | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<PublicKey | null>(null);
  const [isSigning, setIsSigning] = useState(false);
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [solution, setSolution] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const [meaning, setMeaning] = useState<ParticipantSignatureMeaning>(meanings[0] ?? 'PARTICIPANT_CONSENT');
  const isDisabled = !isUnlocked || isSigning;
  const errorText = (key: PublicKey | undefined) => (key ? t(key) : null);

  const clear = (key: keyof Errors) => {
    setErrors(({ [key]: _, ...rest }) => rest);
    setNotice((current) => (current === 'ECONSENT.SIGN.CHECK_FIELDS' ? null : current));
  };

  async function handleRequestCode(channel: EConsentCodeChannel) {
    setNotice(null);
    setCodeState({ kind: 'sending' });
    try {
      const sent = await requestCode(channel);
      setCodeState({ kind: 'sent', channels: sent.channels });
      setCooldownUntil(Date.now() + sent.cooldownTime * 1000);
      codeRef.current?.focus();
    } catch (error) {
      if (isPublicHttpError(error) && error.status === 412) {
        setCooldownUntil(Date.now() + Number(error.context.cooldownTime ?? 0) * 1000);
        setCodeState({ kind: 'recent' });
        return;
      }
      setCodeState({ kind: 'idle' });
      setNotice(noticeOf(error));
    }
  }

  function check(): Errors {
    const found: Errors = {};
    clauses.forEach((clause, index) => {
      const answer = answers[clause.key];
      if (answer === undefined) found[`clause:${index}`] = 'ECONSENT.SIGN.CLAUSE_REQUIRED';
      else if (clause.required && !answer) found[`clause:${index}`] = 'ECONSENT.SIGN.CLAUSE_MUST_ACCEPT';
    });
    if (fullName.trim().length < 2) found.fullName = 'ECONSENT.SIGN.FULL_NAME_REQUIRED';
    if (!signature) found.signature = 'ECONSENT.SIGN.SIGNATURE_REQUIRED';
    if (!hasConfirmed) found.meaning = 'ECONSENT.SIGN.MEANING_REQUIRED';
    if (codeState.kind === 'idle' || codeState.kind === 'sending') found.code = 'ECONSENT.SIGN.CODE_REQUIRED';
    else if (!new RegExp(`^\\d{${OTP_CODE_LENGTH}}$`).test(code)) found.code = 'ECONSENT.SIGN.CODE_FORMAT';
    else if (challenge && !solution) found.code = 'ECONSENT.SIGN.CAPTCHA_REQUIRED';
    return found;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isDisabled) return;
    setNotice(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0 || !signature) {
      setNotice('ECONSENT.SIGN.CHECK_FIELDS');
      if (found.fullName) nameRef.current?.focus();
      else if (found.code) codeRef.current?.focus();
      return;
    }
    setIsSigning(true);
    try {
      await onSign({
        code,
        captcha: solution,
        fullName: fullName.trim(),
        signature,
        meaning,
        clauses: clauses.map((clause) => ({ key: clause.key, accepted: answers[clause.key] === true })),
      });
    } catch (error) {
      const refused = refusalOf(error, clauses);
      setIsSigning(false);
      // A captcha solution is good for one attempt only.
      setSolution(null);
      if (refused.captcha !== undefined) setChallenge(refused.captcha);
      setErrors(refused.errors);
      setNotice(refused.notice);
      if (refused.reload) {
        window.setTimeout(onReload, 2500);
        return;
      }
      if (refused.errors.code) codeRef.current?.select();
    }
  }

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby="econsent-sign"
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="econsent-sign-form">
        <Stack gap="lg">
          <Title order={2} size="h3" id="econsent-sign">
            {t('ECONSENT.SIGN.HEADING')}
          </Title>
          {!isUnlocked && (
            <Alert color="blue" data-testid="econsent-locked">
              {t('ECONSENT.SIGN.LOCKED')}
            </Alert>
          )}
          {clauses.length > 0 && (
            <Stack gap="md">
              <Title order={3} size="h4">
                {t('ECONSENT.SIGN.CLAUSES_HEADING')}
              </Title>
              <Text>{t('ECONSENT.SIGN.CLAUSES_INTRO')}</Text>
              {clauses.map((clause, index) => (
                <ClauseQuestion
                  key={clause.key}
                  id={clause.key}
                  number={index + 1}
                  text={clause.text}
                  isRequired={clause.required}
                  value={answers[clause.key]}
                  disabled={isDisabled}
                  error={errorText(errors[`clause:${index}`])}
                  onChange={(answer) => {
                    setAnswers((current) => ({ ...current, [clause.key]: answer }));
                    clear(`clause:${index}`);
                  }}
                />
              ))}
            </Stack>
          )}
          <TextInput
            ref={nameRef}
            label={t('ECONSENT.SIGN.FULL_NAME')}
            description={t('ECONSENT.SIGN.FULL_NAME_HINT')}
            required
            size="md"
            autoComplete="name"
            dir="auto"
            maxLength={200}
            value={fullName}
            disabled={isDisabled}
            onChange={(event) => {
              setFullName(event.currentTarget.value);
              clear('fullName');
            }}
            error={errors.fullName ? t(errors.fullName) : null}
            data-testid="econsent-full-name"
          />
          <SignatureField
            disabled={isDisabled}
            error={errors.signature ? t(errors.signature) : null}
            onChange={(drawn) => {
              setSignature(drawn);
              if (drawn) clear('signature');
            }}
          />
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('ECONSENT.SIGN.MEANING_HEADING')}
            </Title>
            {meanings.length > 1 && (
              <MeaningChoice
                meanings={meanings}
                value={meaning}
                disabled={isDisabled}
                onChange={setMeaning}
              />
            )}
            <Text data-testid="econsent-meaning" data-meaning={meaning}>
              {t(MEANING_TEXT[meaning])}
            </Text>
            <Checkbox
              size="md"
              label={t('ECONSENT.SIGN.MEANING_CONFIRM')}
              checked={hasConfirmed}
              disabled={isDisabled}
              onChange={(event) => {
                setHasConfirmed(event.currentTarget.checked);
                clear('meaning');
              }}
              error={errors.meaning ? t(errors.meaning) : null}
              data-testid="econsent-meaning-confirm"
            />
          </Stack>
          <SigningCode
            channels={channels}
            state={codeState}
            cooldownUntil={cooldownUntil}
            code={code}
            error={errors.code ? t(errors.code) : null}
            disabled={isDisabled}
            inputRef={codeRef}
            onRequest={(channel) => void handleRequestCode(channel)}
            onCode={(next) => {
              setCode(next);
              clear('code');
            }}
          />
          {challenge && (
            <CaptchaWidget challenge={challenge} onChallenge={setChallenge} onSolved={setSolution} />
          )}
          {notice && (
            <Alert color="red" role="alert" data-testid="econsent-notice">
              {t(notice)}
            </Alert>
          )}
          <Button
            type="submit"
            size="lg"
            mih={48}
            loading={isSigning}
            disabled={!isUnlocked}
            data-testid="econsent-submit"
          >
            {t('ECONSENT.SIGN.SUBMIT')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
