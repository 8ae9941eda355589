import { describe, expect, it } from 'vitest';
import { messageLanguages } from './message-language';

describe('messageLanguages (issue 18 item 3)', () => {
  it("tries the participant's language, then the study's primary language, then English", () => {
    expect(messageLanguages({ recipient: 'pl', primary: 'da' })).toEqual(['pl', 'da', 'en']);
  });

  it('lists each language once', () => {
    expect(messageLanguages({ recipient: 'da', primary: 'da' })).toEqual(['da', 'en']);
    expect(messageLanguages({ recipient: 'en', primary: 'de' })).toEqual(['en', 'de']);
    expect(messageLanguages({ recipient: 'en', primary: 'en' })).toEqual(['en']);
  });

  it('leaves out a missing or blank language, so English always ends the list', () => {
    expect(messageLanguages({ recipient: null, primary: 'de' })).toEqual(['de', 'en']);
    expect(messageLanguages({ recipient: '  ', primary: undefined })).toEqual(['en']);
    expect(messageLanguages({ recipient: 'ur' })).toEqual(['ur', 'en']);
  });

  it('spells codes as the catalogs do (lower case)', () => {
    expect(messageLanguages({ recipient: 'he-IL', primary: 'ZH-CN' })).toEqual(['he-il', 'zh-cn', 'en']);
  });
});
