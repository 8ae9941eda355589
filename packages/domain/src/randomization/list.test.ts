import { describe, expect, it } from 'vitest';
import { allocationListToCsv, parseAllocationListCsv, parseCsvRows } from './list';

const groups = [{ id: 'A' }, { id: 'B' }];
const issues = (text: string, strata?: Set<string>) =>
  parseAllocationListCsv(text, groups, strata).issues.map((i) => `${i.path.join(':')} ${i.message}`);

describe('issue 22 method c: uploaded allocation list (CSV sequence, stratum, group)', () => {
  it('reads a list with or without header, columns in any order, groups by id or number, empty stratum = unstratified', () => {
    const withHeader = parseAllocationListCsv(
      'group;sequence;stratum\nA;1;site=S1\n2;2;site=S1\nB;1;\n',
      groups,
    );
    expect(withHeader.issues).toEqual([]);
    expect(withHeader.entries).toEqual([
      { sequence: 1, stratum: '*', groupId: 'B', block: null, blockSize: null },
      { sequence: 1, stratum: 'site=S1', groupId: 'A', block: null, blockSize: null },
      { sequence: 2, stratum: 'site=S1', groupId: 'B', block: null, blockSize: null },
    ]);
    const bare = parseAllocationListCsv('\uFEFF1,*,A\r\n2,*,B\r\n', groups);
    expect(bare.issues).toEqual([]);
    expect(bare.entries.map((e) => e.groupId)).toEqual(['A', 'B']);
  });

  it('reports every bad row with its line and column', () => {
    expect(issues('sequence,stratum,group\n1,s,A\n1,s,B\nx,s,A\n,s,A\n3,s,C\n4,s,\n')).toEqual([
      '3:sequence DUPLICATE',
      '4:sequence NOT_INTEGER',
      '5:sequence REQUIRED',
      '6:group UNKNOWN_GROUP',
      '7:group REQUIRED',
    ]);
    expect(issues('sequence,group\n1,A\n')).toEqual(['1:stratum MISSING_COLUMN']);
    expect(issues('')).toEqual(['1:sequence EMPTY_LIST']);
    expect(issues('1,s,A\n3,s,B\n')).toEqual(['1:sequence GAP']);
    expect(issues('1,s,A\n1,t,B\n', new Set(['s']))).toEqual(['2:stratum UNKNOWN_STRATUM']);
    expect(issues('1,s,A,extra\n')).toEqual(['1:group TOO_MANY_COLUMNS']);
  });

  it('exports a list that reads back (quoted strata with separators)', () => {
    const records = [
      { sequence: 1, stratum: 'site=S1;q1=a,b', groupId: 'A', block: 1, blockSize: 2, enrollmentId: 'e1' },
      { sequence: 2, stratum: 'site=S1;q1=a,b', groupId: 'B', block: 1, blockSize: 2, enrollmentId: null },
    ];
    const csv = allocationListToCsv(records);
    expect(csv.split('\r\n')[0]).toBe('sequence,stratum,group,block,blockSize,enrollmentId');
    expect(parseCsvRows(csv)[1]).toEqual(['1', 'site=S1;q1=a,b', 'A', '1', '2', 'e1']);
    const back = parseAllocationListCsv(csv, groups);
    expect(back.issues).toEqual([]);
    expect(back.entries.map((e) => [e.sequence, e.stratum, e.groupId])).toEqual([
      [1, 'site=S1;q1=a,b', 'A'],
      [2, 'site=S1;q1=a,b', 'B'],
    ]);
  });
});
