import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import {
  codeFromOutbox,
  codesSentTo,
  enrolParticipant,
  type Participant,
  type ParticipantStudy,
  participantStudy,
  type StaffApi,
} from '../../support/participant';

/**
 * Set-up of the e-consent journeys (issue 24): a study in production whose only event is an
 * e-consent event sent by email at registration, a consent PDF per language uploaded through the
 * API, and an enrolled participant.
 */

/** A real consent PDF of `pages` pages with readable text on each (pdf-lib, Helvetica). */
export async function consentPdf(title: string, pages = 3): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(title, { x: 56, y: 770, size: 22, font: bold });
    page.drawText(`Seite / Page ${i} / ${pages}`, { x: 56, y: 740, size: 12, font });
    const lines = [
      'Zweck der Studie: Wir untersuchen, wie es Ihnen während der Behandlung geht.',
      'Ablauf: Sie beantworten jede Woche einen kurzen Fragebogen auf Ihrem Telefon.',
      'Freiwilligkeit: Sie können Ihre Einwilligung jederzeit ohne Angabe von Gründen widerrufen.',
      'Datenschutz: Ihre Daten werden pseudonymisiert gespeichert und ausgewertet.',
    ];
    lines.forEach((line, n) => {
      page.drawText(line, { x: 56, y: 690 - n * 28, size: 12, font, maxWidth: 480 });
    });
  }
  return Buffer.from(await doc.save()).toString('base64');
}

export type ConsentClauseSpec = { key: string; text: Record<string, string>; required: boolean };

export type EConsentStudy = ParticipantStudy & { participant: Participant };

/** A study with an e-consent event (explicit when clauses are given), its documents, and a participant. */
export async function eConsentStudy(
  api: StaffApi,
  options: {
    languages: string[];
    participantLanguage: string;
    clauses?: ConsentClauseSpec[];
    name?: string;
    /** Upload a consent PDF per language through the API (default true). */
    withDocuments?: boolean;
  },
): Promise<EConsentStudy> {
  const study = await participantStudy(api, {
    name: options.name ?? 'E-consent',
    languages: options.languages,
    event: {
      type: 'TYPE_ECONSENT',
      forms: [],
      forceFormOrder: false,
      consentFile: { fileName: 'consent.pdf' },
      ...(options.clauses ? { explicitConsent: true, consentClauses: options.clauses } : {}),
    },
  });
  for (const language of options.withDocuments === false ? [] : options.languages) {
    await api.call('POST', `/api/studies/${study.studyId}/eConsentFile`, {
      dataEventId: study.dataEventId,
      language,
      fileName: language === 'de' ? 'Einwilligung.pdf' : `consent-${language}.pdf`,
      dataBase64: await consentPdf(
        language === 'de' ? 'Einwilligungserklärung' : 'Participant information and consent',
      ),
    });
  }
  const participant = await enrolParticipant(api, study, { language: options.participantLanguage });
  return { ...study, participant };
}

/** Scrolls through the whole document, as a reader does, until its end is on screen. */
export async function readToEnd(page: Page): Promise<void> {
  await expect(page.getByTestId('econsent-page').first()).toBeVisible();
  const end = page.getByTestId('econsent-document-end');
  for (let i = 0; i < 30; i++) {
    if (await end.isVisible().catch(() => false)) {
      const inView = await end.evaluate((el) => {
        const box = el.getBoundingClientRect();
        return box.top < window.innerHeight && box.bottom >= 0;
      });
      if (inView) break;
    }
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(100);
  }
  await end.scrollIntoViewIfNeeded();
}

/** Draws a signature on the pad with the mouse (three strokes). */
export async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByTestId('econsent-signature');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y + 20);
  await page.mouse.down();
  for (let step = 0; step <= 20; step++) {
    const x = box.x + 20 + (step / 20) * (box.width * 0.6);
    await page.mouse.move(x, y + Math.sin(step / 2) * 30, { steps: 2 });
  }
  await page.mouse.up();
  await page.mouse.move(box.x + box.width * 0.7, y - 30);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.85, y + 35, { steps: 8 });
  await page.mouse.up();
}

/** Asks for the signing code by email and types the one the outbox received. */
export async function enterEmailedCode(page: Page, api: StaffApi, email: string): Promise<void> {
  const before = await codesSentTo(api, email);
  await page.locator('[data-testid="econsent-send-code-email"]').click();
  await expect(page.getByTestId('econsent-code-sent')).toBeVisible();
  const code = await codeFromOutbox(api, email, before + 1);
  await page.getByTestId('econsent-code').fill(code);
}

/** The number of pages of a PDF file. */
export async function pageCount(file: string): Promise<number> {
  const { readFileSync } = await import('node:fs');
  return (await PDFDocument.load(readFileSync(file))).getPageCount();
}

/** Renders page `n` of a PDF to a PNG with pdftoppm and returns the PNG's path. */
export function renderPage(file: string, n: number, outDir?: string): string {
  const dir = outDir ?? mkdtempSync(path.join(tmpdir(), 'econsent-'));
  const prefix = path.join(dir, `page-${n}`);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', String(n), '-l', String(n), file, prefix]);
  const png = readdirSync(dir).find((name) => name.startsWith(`page-${n}`) && name.endsWith('.png'));
  if (!png) throw new Error('pdftoppm wrote no PNG');
  return path.join(dir, png);
}
