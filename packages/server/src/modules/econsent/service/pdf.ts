/**
 * The consent PDFs (issue 24 items 1 and 4): checking an upload by its content, adding a signature
 * page (21 CFR 11.50: printed name, date and time with time zone, meaning; 11.70: the page names the
 * SHA-256 of the document it belongs to and the audit event of the signing), and signing the result
 * with the server's key as a PAdES-style detached CMS signature (@signpdf).
 */
import { createHash } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { PDFDocument, type PDFImage, type PDFPage, rgb } from 'pdf-lib';
import { embedPageFonts, PageText } from './page-text';

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The page count of a PDF that pdf-lib can open (not encrypted), else null. */
export async function readPdfPageCount(bytes: Uint8Array): Promise<number | null> {
  if (!Buffer.from(bytes.subarray(0, 5)).equals(Buffer.from('%PDF-'))) return null;
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const count = doc.getPageCount();
    return count > 0 ? count : null;
  } catch {
    return null;
  }
}

/** One signature page: a title, label/value rows and, when given, the drawn signature image. */
export type SignaturePage = {
  title: string;
  rows: { label: string; value: string }[];
  signaturePng: Uint8Array | null;
  footer: string;
  /** The page's language is written right to left: lines align right, runs in visual order. */
  rtl: boolean;
};

function drawPage(page: PDFPage, writer: PageText, content: SignaturePage, png: PDFImage | null) {
  const { width, height } = page.getSize();
  const margin = 56;
  const inner = width - margin * 2;
  let y = height - margin;
  const text = (value: string, size: number, color = rgb(0, 0, 0)) => {
    for (const line of value.split('\n').flatMap((part) => writer.wrap(part, size, inner))) {
      writer.drawLine(page, line, { left: margin, width: inner, y: y - size, size, color });
      y -= size * 1.45;
    }
  };
  text(content.title, 16);
  y -= 10;
  for (const row of content.rows) {
    text(row.label, 9, rgb(0.35, 0.35, 0.35));
    text(row.value, 11);
    y -= 6;
  }
  if (png) {
    const scale = Math.min(inner / png.width, 110 / png.height, 1);
    const w = png.width * scale;
    const h = png.height * scale;
    y -= 8;
    page.drawRectangle({
      x: margin,
      y: y - h - 8,
      width: inner,
      height: h + 8,
      borderColor: rgb(0.6, 0.6, 0.6),
      borderWidth: 0.5,
    });
    // The signature sits at the reading side of its box.
    const x = content.rtl ? margin + inner - w - 4 : margin + 4;
    page.drawImage(png, { x, y: y - h - 4, width: w, height: h });
    y -= h + 16;
  }
  y -= 8;
  text(content.footer, 8, rgb(0.35, 0.35, 0.35));
}

/** Adds a signature page (A4) at the end of the PDF; the result is not yet digitally signed. */
export async function appendSignaturePage(pdf: Uint8Array, content: SignaturePage): Promise<PDFDocument> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const writer = new PageText(await embedPageFonts(doc), content.rtl);
  const page = doc.addPage([595.28, 841.89]);
  const png = content.signaturePng ? await doc.embedPng(content.signaturePng) : null;
  drawPage(page, writer, content, png);
  return doc;
}

/** The server's key as a P12 (PKCS#12) and its passphrase. */
export type SigningKey = { p12: Buffer; passphrase: string; subject: string };

/**
 * Signs the whole document with the server's key (PAdES-style: adbe.pkcs7.detached over the
 * ByteRange, a placeholder from @signpdf/placeholder-pdf-lib, the CMS from @signpdf/signer-p12).
 */
export async function signPdf(
  doc: PDFDocument,
  key: SigningKey,
  info: { reason: string; location: string; signingTime: Date },
): Promise<Buffer> {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: info.reason,
    contactInfo: key.subject,
    name: key.subject,
    location: info.location,
    signingTime: info.signingTime,
    signatureLength: 16_384,
  });
  const unsigned = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signer = new P12Signer(key.p12, { passphrase: key.passphrase });
  // The named class, not the default instance: the built server loads the CommonJS module from ESM.
  return new SignPdf().sign(unsigned, signer, info.signingTime);
}

/** The decoded PNG of a `data:image/png;base64,` URL when it is a real PNG within the size limit, else null. */
export function decodeSignaturePng(dataUrl: string, maxBytes: number): Buffer | null {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const bytes = Buffer.from(base64, 'base64');
  const magic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 33 || bytes.length > maxBytes || !bytes.subarray(0, 8).equals(magic)) return null;
  // IHDR: width and height at bytes 16-23, both at least 1 and at most 4000 pixels.
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1 || width > 4000 || height > 4000) return null;
  return bytes;
}

/** Checks that pdf-lib can embed the PNG (its chunks parse). */
export async function isEmbeddablePng(png: Uint8Array): Promise<boolean> {
  try {
    const doc = await PDFDocument.create();
    await doc.embedPng(png);
    return true;
  } catch {
    return false;
  }
}
