import { describe, expect, it } from 'vitest';
import {
  checkClauseAnswers,
  checkPaperSignedDate,
  ECONSENT_CLAUSE_REQUIRED,
  econsentLanguageOf,
  econsentStateOf,
  maskEmail,
  maskPhone,
  publicEConsentView,
  signedFileNameOf,
} from './rules';
import { PublicSignEConsentBodySchema } from './schemas';

describe('Spec 002 §2 signed file name', () => {
  it('keeps the name with _signed', () => {
    expect(signedFileNameOf('consent.pdf')).toBe('consent_signed.pdf');
    expect(signedFileNameOf('Samtykke.PDF')).toBe('Samtykke_signed.pdf');
  });
});

describe('Issue 24: how identity was confirmed, masked', () => {
  it('shows only the first character and the domain of an email, the last two digits of a phone', () => {
    expect(maskEmail('ana.berg@example.org')).toBe('a***@example.org');
    expect(maskEmail('nope')).toBe('***');
    expect(maskPhone('+4520304050')).toBe('+********50');
    expect(maskPhone('12')).toBe('**12');
  });
});

describe('Spec 002 §4 explicit clauses', () => {
  const clauses = [
    { key: 'participate', required: true },
    { key: 'samples', required: false },
  ];
  it('needs an answer to every clause and acceptance of the required ones', () => {
    expect(
      checkClauseAnswers(clauses, [
        { key: 'participate', accepted: true },
        { key: 'samples', accepted: false },
      ]),
    ).toEqual([]);
    expect(checkClauseAnswers(clauses, [{ key: 'participate', accepted: true }])).toEqual([
      { path: ['clauses', 'samples'], message: ECONSENT_CLAUSE_REQUIRED },
    ]);
    expect(
      checkClauseAnswers(clauses, [
        { key: 'participate', accepted: false },
        { key: 'samples', accepted: true },
        { key: 'other', accepted: true },
      ]).map((i) => i.path.join('.')),
    ).toEqual(['clauses.participate', 'clauses.other']);
    expect(checkClauseAnswers([], [])).toEqual([]);
  });
});

describe('Spec 002 §4 e-consent page and state', () => {
  it('shows the signed view once signed or completed, the signing page when a document exists and the link is usable', () => {
    const base = { status: 'UNUSED' as const, hasSignature: false, hasDocument: true, isUsable: true };
    expect(publicEConsentView(base)).toBe('SIGN');
    expect(publicEConsentView({ ...base, hasDocument: false })).toBe('UNAVAILABLE');
    expect(publicEConsentView({ ...base, isUsable: false })).toBe('UNAVAILABLE');
    expect(publicEConsentView({ ...base, hasSignature: true, status: 'IN_USE' })).toBe('SIGNED_DOWNLOAD');
    expect(publicEConsentView({ ...base, status: 'COMPLETED', hasDocument: false })).toBe('SIGNED_DOWNLOAD');
    expect(econsentStateOf({ hasParticipant: false, hasInvestigator: false })).toBe('PENDING');
    expect(econsentStateOf({ hasParticipant: true, hasInvestigator: false })).toBe('SIGNED_BY_PARTICIPANT');
    expect(econsentStateOf({ hasParticipant: true, hasInvestigator: true })).toBe('COUNTERSIGNED');
  });

  it("reads the language asked, else the participant's, else the primary, else any that exists", () => {
    const available = ['da', 'en'];
    expect(econsentLanguageOf({ asked: 'da', participant: 'en', primary: 'en', available })).toBe('da');
    expect(econsentLanguageOf({ asked: 'de', participant: 'en', primary: 'da', available })).toBe('en');
    expect(econsentLanguageOf({ asked: undefined, participant: 'fr', primary: 'da', available })).toBe('da');
    expect(
      econsentLanguageOf({ asked: undefined, participant: null, primary: 'fr', available: ['de'] }),
    ).toBe('de');
    expect(
      econsentLanguageOf({ asked: undefined, participant: null, primary: 'fr', available: [] }),
    ).toBeNull();
  });
});

describe('Issue 24 signing request', () => {
  const body = {
    documentId: 'a'.repeat(24),
    language: 'en',
    code: '123456',
    fullName: 'Ana Berg',
    signature: 'data:image/png;base64,iVBORw0KGgo=',
    meaning: 'PARTICIPANT_CONSENT',
    readToEnd: true,
  };
  it('needs the document read to the end, a name, a PNG data URL and a stated meaning', () => {
    expect(PublicSignEConsentBodySchema.safeParse(body).success).toBe(true);
    expect(PublicSignEConsentBodySchema.safeParse({ ...body, readToEnd: false }).success).toBe(false);
    expect(PublicSignEConsentBodySchema.safeParse({ ...body, fullName: '  ' }).success).toBe(false);
    expect(
      PublicSignEConsentBodySchema.safeParse({ ...body, signature: 'data:image/jpeg;base64,AAAA' }).success,
    ).toBe(false);
    expect(PublicSignEConsentBodySchema.safeParse({ ...body, meaning: undefined }).success).toBe(false);
    expect(PublicSignEConsentBodySchema.safeParse({ ...body, code: undefined }).success).toBe(false);
  });
});

describe('paper consent (spec 001 §7 setEconsentSigned by staff)', () => {
  it('a paper record is its own state, whatever else is set', () => {
    expect(econsentStateOf({ hasParticipant: false, hasInvestigator: false, hasPaper: true })).toBe(
      'SIGNED_ON_PAPER',
    );
    expect(econsentStateOf({ hasParticipant: false, hasInvestigator: false })).toBe('PENDING');
  });
  it('the date signed may be today or earlier, never later', () => {
    expect(checkPaperSignedDate('2026-07-01', '2026-07-01')).toEqual([]);
    expect(checkPaperSignedDate('2025-12-31', '2026-07-01')).toEqual([]);
    expect(checkPaperSignedDate('2026-07-02', '2026-07-01')).toEqual([
      { path: ['paper', 'signedDate'], message: 'ECONSENT.PAPER_DATE_FUTURE' },
    ]);
  });
});
