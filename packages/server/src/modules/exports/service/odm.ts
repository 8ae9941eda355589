/**
 * CDISC ODM 1.3.2 (issue 26 formats): the study's metadata (events, forms, one item group per form,
 * items with their questions, code lists for choices and for the special markers of spec 001 §3),
 * the sites as locations, and the clinical data in subject, event and form order. A missing value
 * is an ItemData with IsNull="Yes" flagged with its marker (code list CL.SPECIAL_MARKERS). With the
 * builder's audit trail option, audit records (who, when, site, reason, the audit event) and the 21
 * CFR 11 signatures of the exported data, with the users and signature meanings in AdminData.
 * Valid against the ODM 1.3.2 schema (exports.test.ts runs xmllint on it). With the questions, the
 * metadata carries what the ODM import reads back (issue 27 item 3 round trip): required as
 * ItemRef Mandatory, min and max as RangeChecks GE/LE, formulas as MethodDefs.
 */
import { type CodebookVariable, type Question, SPECIAL_MARKERS, type VariableType } from '@trialbase/domain';

export type OdmForm = {
  name: string;
  title: string;
  variables: readonly CodebookVariable[];
  /** The form's questions (by variable.questionId): required flags, ranges and formulas. */
  questions?: readonly Question[];
};
export type OdmEvent = { id: string; name: string; isUnscheduled: boolean; formNames: string[] };

/**
 * XML text and attribute values: the five entities, tabs and line breaks as character references (an
 * attribute keeps them so), and characters XML 1.0 cannot hold dropped.
 */
const PLAIN = /^[\x20-\x21\x23-\x25\x28-\x3b\x3d\x3f-\x7e]*$/;

export function xml(value: unknown): string {
  const text = String(value ?? '');
  // Most values are plain printable ASCII without markup characters: nothing to escape.
  if (PLAIN.test(text)) return text;
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

const oidPart = (s: string) => s.replace(/[^A-Za-z0-9_.-]/g, '_');
export const formOid = (form: string) => `F.${oidPart(form)}`;
export const groupOid = (form: string) => `IG.${oidPart(form)}`;
export const itemOid = (form: string, variable: string) => `IT.${oidPart(form)}.${oidPart(variable)}`;
export const eventOid = (id: string) => `SE.${oidPart(id)}`;
export const siteOid = (id: string) => `LOC.${oidPart(id)}`;
const codeListOid = (form: string, variable: string) => `CL.${oidPart(form)}.${oidPart(variable)}`;
const methodOid = (form: string, variable: string) => `MT.${oidPart(form)}.${oidPart(variable)}`;
const MARKERS_OID = 'CL.SPECIAL_MARKERS';
const MDV = 'MDV.1';

function dataType(type: VariableType, variable: CodebookVariable): string {
  if (variable.valueLabels.length > 0) return 'integer';
  switch (type) {
    case 'numeric':
      return 'float';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'time':
      return 'time';
    default:
      return 'text';
  }
}

const translated = (text: string, language: string) =>
  `<TranslatedText xml:lang="${xml(language)}">${xml(text)}</TranslatedText>`;

/** What the metadata says of one variable beyond its type and texts (issue 27 item 3). */
type ItemRules = {
  isMandatory: boolean;
  min: number | null;
  max: number | null;
  /** The formula over item OIDs (MethodDef FormalExpression) and its decimals. */
  formula: { text: string; expression: string; decimals: number } | null;
};

const NO_RULES: ItemRules = { isMandatory: false, min: null, max: null, formula: null };
const RANGED: ReadonlySet<string> = new Set(['NUMBER', 'SLIDER']);

/**
 * Each variable's rules: required, min and max of numbers and sliders, and a calculated
 * question's `Q{n}` formula with each reference as the item OID of question n (a formula naming
 * a question without exactly one variable, or QMAX, is left out: the import could not read it).
 */
function itemRulesOf(form: OdmForm): ItemRules[] {
  const questions = form.questions ?? [];
  const byId = new Map(questions.map((q) => [q.id, q]));
  const oidByOrder = new Map<number, string | null>();
  for (const v of form.variables) {
    const q = byId.get(v.questionId);
    if (!q) continue;
    oidByOrder.set(q.order, oidByOrder.has(q.order) ? null : itemOid(form.name, v.variable));
  }
  const formulaOf = (q: Question): ItemRules['formula'] => {
    if (q.type !== 'CALCULATED' || !q.calculationFormula || /QMAX/i.test(q.calculationFormula)) return null;
    let isReadable = true;
    const expression = q.calculationFormula.replace(/Q(\d+)/g, (_, n: string) => {
      const oid = oidByOrder.get(Number(n));
      if (!oid) isReadable = false;
      return oid ?? '';
    });
    return isReadable ? { text: q.calculationFormula, expression, decimals: q.calculationDecimals } : null;
  };
  return form.variables.map((v) => {
    const q = byId.get(v.questionId);
    if (!q) return NO_RULES;
    const isRanged = RANGED.has(q.type) && v.valueLabels.length === 0;
    return {
      isMandatory: q.required && q.type !== 'INFORMATION',
      min: isRanged ? (q.minValue ?? null) : null,
      max: isRanged ? (q.maxValue ?? null) : null,
      formula: formulaOf(q),
    };
  });
}

const rangeCheck = (comparator: 'GE' | 'LE', value: number) =>
  `<RangeCheck Comparator="${comparator}" SoftHard="Hard"><CheckValue>${value}</CheckValue></RangeCheck>`;

/** The opening of the file up to and including the metadata, the admin data and the opening of ClinicalData. */
export function odmHead(input: {
  fileOid: string;
  created: Date;
  studyId: string;
  studyName: string;
  language: string;
  events: readonly OdmEvent[];
  forms: readonly OdmForm[];
  sites: readonly { id: string; name: string }[];
  /** With the audit trail: the people of the audit records and signatures, the signatures' meanings. */
  users?: readonly { oid: string; name: string }[];
  signatureDefs?: readonly { oid: string; meaning: string }[];
  /** The study itself as a location (study-level signatures), when one refers to it. */
  withStudyLocation?: boolean;
}): string {
  const { language } = input;
  const study = `S.${oidPart(input.studyId)}`;
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<ODM xmlns="http://www.cdisc.org/ns/odm/v1.3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.cdisc.org/ns/odm/v1.3 ODM1-3-2.xsd" FileOID="${xml(input.fileOid)}" FileType="Snapshot" Granularity="All" CreationDateTime="${input.created.toISOString().replace(/\.\d{3}Z$/, 'Z')}" ODMVersion="1.3.2" Originator="Trialbase" SourceSystem="Trialbase">`,
    `<Study OID="${xml(study)}">`,
    '<GlobalVariables>',
    `<StudyName>${xml(input.studyName)}</StudyName>`,
    `<StudyDescription>${xml(input.studyName)}</StudyDescription>`,
    `<ProtocolName>${xml(input.studyName)}</ProtocolName>`,
    '</GlobalVariables>',
    `<MetaDataVersion OID="${MDV}" Name="Trialbase export">`,
  ];
  if (input.events.length > 0) {
    out.push('<Protocol>');
    for (const [i, e] of input.events.entries())
      out.push(
        `<StudyEventRef StudyEventOID="${xml(eventOid(e.id))}" OrderNumber="${i + 1}" Mandatory="No"/>`,
      );
    out.push('</Protocol>');
  }
  for (const e of input.events) {
    out.push(
      `<StudyEventDef OID="${xml(eventOid(e.id))}" Name="${xml(e.name || e.id)}" Repeating="${e.isUnscheduled ? 'Yes' : 'No'}" Type="${e.isUnscheduled ? 'Unscheduled' : 'Scheduled'}">`,
    );
    for (const [i, f] of e.formNames.entries())
      out.push(`<FormRef FormOID="${xml(formOid(f))}" OrderNumber="${i + 1}" Mandatory="No"/>`);
    out.push('</StudyEventDef>');
  }
  for (const f of input.forms) {
    out.push(
      `<FormDef OID="${xml(formOid(f.name))}" Name="${xml(f.title || f.name)}" Repeating="No">`,
      `<ItemGroupRef ItemGroupOID="${xml(groupOid(f.name))}" Mandatory="No"/>`,
      '</FormDef>',
    );
  }
  const rules = new Map(input.forms.map((f) => [f, itemRulesOf(f)]));
  for (const f of input.forms) {
    out.push(`<ItemGroupDef OID="${xml(groupOid(f.name))}" Name="${xml(f.name)}" Repeating="No">`);
    for (const [i, v] of f.variables.entries()) {
      const r = rules.get(f)?.[i] ?? NO_RULES;
      const method = r.formula ? ` MethodOID="${xml(methodOid(f.name, v.variable))}"` : '';
      out.push(
        `<ItemRef ItemOID="${xml(itemOid(f.name, v.variable))}" OrderNumber="${i + 1}" Mandatory="${r.isMandatory ? 'Yes' : 'No'}"${method}/>`,
      );
    }
    out.push('</ItemGroupDef>');
  }
  for (const f of input.forms)
    for (const [i, v] of f.variables.entries()) {
      const r = rules.get(f)?.[i] ?? NO_RULES;
      const digits = r.formula ? ` SignificantDigits="${r.formula.decimals}"` : '';
      out.push(
        `<ItemDef OID="${xml(itemOid(f.name, v.variable))}" Name="${xml(v.variable)}" DataType="${dataType(v.type, v)}"${digits} SASFieldName="${xml(v.variable.slice(0, 8))}" Comment="${xml(v.questionType)}">`,
        `<Question>${translated(v.label, language)}</Question>`,
      );
      if (r.min !== null) out.push(rangeCheck('GE', r.min));
      if (r.max !== null) out.push(rangeCheck('LE', r.max));
      if (v.valueLabels.length > 0)
        out.push(`<CodeListRef CodeListOID="${xml(codeListOid(f.name, v.variable))}"/>`);
      out.push('</ItemDef>');
    }
  for (const f of input.forms)
    for (const v of f.variables.filter((x) => x.valueLabels.length > 0)) {
      out.push(
        `<CodeList OID="${xml(codeListOid(f.name, v.variable))}" Name="${xml(v.variable)}" DataType="integer">`,
      );
      for (const l of v.valueLabels)
        out.push(
          `<CodeListItem CodedValue="${xml(l.value)}"><Decode>${translated(l.label, language)}</Decode></CodeListItem>`,
        );
      out.push('</CodeList>');
    }
  out.push(`<CodeList OID="${MARKERS_OID}" Name="Special answer markers" DataType="text">`);
  for (const [marker, meaning] of Object.entries(SPECIAL_MARKERS))
    out.push(
      `<CodeListItem CodedValue="${xml(marker)}"><Decode>${translated(meaning, 'en')}</Decode></CodeListItem>`,
    );
  out.push('</CodeList>');
  for (const f of input.forms)
    for (const [i, v] of f.variables.entries()) {
      const formula = rules.get(f)?.[i]?.formula;
      if (!formula) continue;
      out.push(
        `<MethodDef OID="${xml(methodOid(f.name, v.variable))}" Name="${xml(v.variable)}" Type="Computation">`,
        `<Description>${translated(`Trialbase formula ${formula.text}, rounded to ${formula.decimals} decimals`, 'en')}</Description>`,
        `<FormalExpression Context="Trialbase">${xml(formula.expression)}</FormalExpression>`,
        '</MethodDef>',
      );
    }
  out.push('</MetaDataVersion>', '</Study>');
  const users = input.users ?? [];
  const signatureDefs = input.signatureDefs ?? [];
  const locations = [
    ...input.sites.map((s) => ({ oid: siteOid(s.id), name: s.name, type: 'Site' })),
    ...(input.withStudyLocation ? [{ oid: STUDY_LOCATION, name: input.studyName, type: 'Sponsor' }] : []),
  ];
  if (users.length + locations.length + signatureDefs.length > 0) {
    out.push(`<AdminData StudyOID="${xml(study)}">`);
    for (const u of users) out.push(`<User OID="${xml(u.oid)}"><FullName>${xml(u.name)}</FullName></User>`);
    for (const l of locations)
      out.push(
        `<Location OID="${xml(l.oid)}" Name="${xml(l.name)}" LocationType="${l.type}">`,
        `<MetaDataVersionRef StudyOID="${xml(study)}" MetaDataVersionOID="${MDV}" EffectiveDate="${input.created.toISOString().slice(0, 10)}"/>`,
        '</Location>',
      );
    for (const d of signatureDefs)
      out.push(
        `<SignatureDef OID="${xml(d.oid)}" Methodology="Electronic"><Meaning>${xml(d.meaning)}</Meaning><LegalReason>${xml(SIGNATURE_LEGAL_REASON)}</LegalReason></SignatureDef>`,
      );
    out.push('</AdminData>');
  }
  out.push(`<ClinicalData StudyOID="${xml(study)}" MetaDataVersionOID="${MDV}">`);
  return `${out.join('\n')}\n`;
}

/** The inline audit record and signature of a node (ODM puts them first in FormData, ItemData …). */
export type OdmTrail = { audit: string; signature: string };
const NO_TRAIL: OdmTrail = { audit: '', signature: '' };

/**
 * Writes one form's data, its strings worked out once per form (issue 26 speed): each item is its
 * value, or IsNull with the marker flag (code list CL.SPECIAL_MARKERS); with the audit trail each
 * carries the audit record (and signature) of its last change, first inside the element as ODM
 * orders them.
 */
export class OdmFormWriter {
  private readonly open: string;
  private readonly items: string[];
  private readonly close = '</ItemGroupData></FormData>\n';

  constructor(readonly form: OdmForm) {
    this.open = `<FormData FormOID="${xml(formOid(form.name))}">`;
    this.groupOpen = `<ItemGroupData ItemGroupOID="${xml(groupOid(form.name))}">`;
    this.items = form.variables.map((v) => `<ItemData ItemOID="${xml(itemOid(form.name, v.variable))}"`);
  }

  private readonly groupOpen: string;

  /** The FormData of one filled form; `trailOf(i)` gives the inline records of the i-th item. */
  write(
    cells: readonly string[],
    formTrail: OdmTrail = NO_TRAIL,
    trailOf: ((index: number) => OdmTrail) | null = null,
  ): string {
    let out = this.open + formTrail.audit + formTrail.signature + this.groupOpen;
    for (let i = 0; i < this.items.length; i++) {
      const value = cells[i] ?? '.b';
      const trail = trailOf ? trailOf(i) : NO_TRAIL;
      const inner = trail.audit + trail.signature;
      const flag = MARKER_FLAGS.get(value);
      if (flag !== undefined) out += `${this.items[i]} IsNull="Yes">${inner}${flag}</ItemData>`;
      else if (inner === '') out += `${this.items[i]} Value="${xml(value)}"/>`;
      else out += `${this.items[i]} Value="${xml(value)}">${inner}</ItemData>`;
    }
    return out + this.close;
  }
}

const MARKER_FLAGS = new Map(
  Object.keys(SPECIAL_MARKERS).map((m) => [
    m,
    `<Annotation SeqNum="1"><Flag><FlagValue CodeListOID="${MARKERS_OID}">${xml(m)}</FlagValue></Flag></Annotation>`,
  ]),
);

/** One form's data: its item values, or IsNull with the marker flag. */
export function odmFormData(form: OdmForm, cells: readonly string[]): string {
  return new OdmFormWriter(form).write(cells);
}

/** The location of study-level signatures (the study itself, not a site). */
export const STUDY_LOCATION = 'LOC.STUDY';
export const SIGNATURE_LEGAL_REASON =
  'Electronic signature under 21 CFR Part 11 (11.50, 11.70): the signer re-entered the password; printed name, time and meaning recorded';

export const userOid = (actorType: string, actorId: string | null) =>
  actorId ? `USR.${oidPart(actorType)}.${oidPart(actorId)}` : `USR.${oidPart(actorType)}`;

/** An ODM AuditRecord: who, where, when, why and the audit trail event it comes from. */
export function odmAuditRecord(input: {
  id?: string;
  userOid: string;
  locationOid: string;
  at: string;
  reason: string | null;
  source: string;
}): string {
  return `<AuditRecord${input.id ? ` ID="${xml(input.id)}"` : ''}><UserRef UserOID="${xml(input.userOid)}"/><LocationRef LocationOID="${xml(input.locationOid)}"/><DateTimeStamp>${xml(input.at)}</DateTimeStamp>${input.reason ? `<ReasonForChange>${xml(input.reason)}</ReasonForChange>` : ''}<SourceID>${xml(input.source)}</SourceID></AuditRecord>`;
}

/** An ODM Signature: signer, where, which meaning (SignatureDef) and when. */
export function odmSignature(input: {
  id?: string;
  userOid: string;
  locationOid: string;
  signatureOid: string;
  at: string;
}): string {
  return `<Signature${input.id ? ` ID="${xml(input.id)}"` : ''}><UserRef UserOID="${xml(input.userOid)}"/><LocationRef LocationOID="${xml(input.locationOid)}"/><SignatureRef SignatureOID="${xml(input.signatureOid)}"/><DateTimeStamp>${xml(input.at)}</DateTimeStamp></Signature>`;
}

/** An xs:ID from parts (letters, digits, dots, hyphens and underscores; a letter first). */
export const odmId = (...parts: string[]) => parts.map(oidPart).join('.');

export const ODM_TAIL = '</ClinicalData>\n</ODM>\n';
