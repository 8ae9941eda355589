import type { TranslationGroup } from '@trialbase/domain';
import { describe, expect, it } from 'vitest';
import { buildXliff, readXliff, XLIFF_NAMESPACE } from './xliff';

// Issue 18 item 5: the XLIFF 2.0 writer and reader on their own (the API round trip is in translations.test.ts).

const group: TranslationGroup = {
  type: 'FORM',
  id: 'f1',
  name: 'Quality & "life"',
  revision: 1,
  formId: 'f1',
  questionOrder: null,
  counts: { total: 2, completed: 1, untranslated: 1, progress: 50 },
  units: [
    {
      id: 'form.f1.q.q1.help',
      kind: 'QUESTION_HELP_TEXT',
      format: 'RICH',
      source: '<p>Tick <b>one</b> & go</p>',
      target: '<p>Sæt <b>ét</b> kryds</p>',
      maxLength: 20000,
      isRequired: false,
      placeholders: [],
      questionId: 'q1',
      questionOrder: 1,
      position: null,
    },
    {
      id: 'process.p1.event.e1.sms',
      kind: 'DATA_EVENT_SMS_TEXT',
      format: 'PLAIN',
      source: 'Open {link}\r\nnow',
      target: '',
      maxLength: 20000,
      isRequired: true,
      placeholders: ['{link}'],
      questionId: null,
      questionOrder: null,
      position: 2,
    },
  ],
};

function wrap(units: string, langs = 'srcLang="en" trgLang="da"') {
  return `<?xml version="1.0"?><xliff xmlns="${XLIFF_NAMESPACE}" version="2.0" ${langs}><file id="f">${units}</file></xliff>`;
}

describe('buildXliff / readXliff', () => {
  it('writes a well-formed XLIFF 2.0 file that reads back to the same targets', () => {
    const xliff = buildXliff({ sourceLanguage: 'en', targetLanguage: 'da', groups: [group] });
    expect(xliff).toContain('<note category="placeholders">{link}</note>');
    expect(xliff).toContain('<note category="required">true</note>');
    expect(xliff).toContain('<segment state="initial">');
    const read = readXliff(xliff);
    expect(read).toEqual({
      ok: true,
      sourceLanguage: 'en',
      targetLanguage: 'da',
      units: [
        { id: 'form.f1.q.q1.help', target: '<p>Sæt <b>ét</b> kryds</p>', line: expect.any(Number) },
        { id: 'process.p1.event.e1.sms', target: null, line: expect.any(Number) },
      ],
    });
  });

  it('joins segments, keeps text inside mrk and pc, reads cp and CDATA, drops ph', () => {
    const read = readXliff(
      wrap(
        '<unit id="u1"><segment><source>a</source><target>Hej <mrk id="m">du</mrk></target></segment>' +
          '<ignorable><source> </source><target> </target></ignorable>' +
          '<segment><source>b</source><target><![CDATA[<b>]]><cp hex="2603"/><ph id="p"/></target></segment></unit>' +
          '<unit id="u2"><segment><source>c</source><target/></segment></unit>',
      ),
    );
    expect(read.ok && read.units.map((u) => [u.id, u.target])).toEqual([
      ['u1', 'Hej du <b>☃'],
      ['u2', ''],
    ]);
  });

  it('refuses what is not well-formed, not XLIFF 2.0, or expands external entities', () => {
    expect(readXliff('<xliff><unit>')).toMatchObject({ ok: false, error: 'XLIFF_MALFORMED' });
    expect(readXliff('<xliff version="2.0"/>')).toMatchObject({ ok: false, error: 'XLIFF_VERSION' });
    expect(
      readXliff(`<xliff xmlns="${XLIFF_NAMESPACE}" version="1.2" srcLang="en" trgLang="da"/>`),
    ).toMatchObject({ ok: false, error: 'XLIFF_VERSION' });
    const external = wrap(
      '<unit id="u"><segment><source>a</source><target>&e;</target></segment></unit>',
    ).replace(
      '<?xml version="1.0"?>',
      '<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
    );
    expect(readXliff(external)).toMatchObject({ ok: false, error: 'XLIFF_MALFORMED' });
  });
});
