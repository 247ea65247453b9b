import { buildStoragePath, objectKeyName, sanitiseFileName, splitExtension } from './file-name';

const USER = '11111111-1111-4111-8111-111111111111';
const DOC = '22222222-2222-4222-8222-222222222222';

describe('sanitiseFileName', () => {
  it('keeps unicode and ordinary punctuation', () => {
    expect(sanitiseFileName('Résumé – 2025 (final).pdf')).toBe('Résumé – 2025 (final).pdf');
    expect(sanitiseFileName('税务报表.pdf')).toBe('税务报表.pdf');
  });

  it('drops directories, parent references and control characters', () => {
    expect(sanitiseFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFileName('C:\\Users\\me\\tax.pdf')).toBe('tax.pdf');
    expect(sanitiseFileName('a..b...pdf')).toBe('a.b.pdf');
    expect(sanitiseFileName('bad\u0000name\u0007.pdf')).toBe('badname.pdf');
    expect(sanitiseFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitiseFileName('..')).toBe('document');
    expect(sanitiseFileName('  .hidden  ')).toBe('hidden');
  });

  it('caps the length but keeps the extension', () => {
    const long = `${'x'.repeat(500)}.pdf`;
    const clean = sanitiseFileName(long);
    expect(clean.length).toBe(200);
    expect(clean.endsWith('.pdf')).toBe(true);
  });

  it('leaves markup as plain characters (it is rendered as text, never HTML)', () => {
    expect(sanitiseFileName('<img src=x onerror=alert(1)>.pdf')).toBe('<img src=x onerror=alert(1)>.pdf');
  });
});

describe('object keys', () => {
  it('reduces names to characters every storage backend accepts', () => {
    expect(objectKeyName('Résumé 2025.PDF')).toBe('Resume 2025.pdf');
    expect(objectKeyName('<img src=x onerror=alert(1)>.pdf')).toBe('img src_x onerror_alert_1.pdf');
    expect(objectKeyName('税务报表.pdf')).toBe('document.pdf');
    expect(objectKeyName('../x/../../y')).toBe('y');
  });

  it('builds {user}/{document}/{name} from ids only', () => {
    expect(buildStoragePath(USER, DOC, 'a/b.pdf')).toBe(`${USER}/${DOC}/b.pdf`);
    expect(() => buildStoragePath('../other', DOC, 'x.pdf')).toThrow();
    expect(() => buildStoragePath(USER, 'not-a-uuid', 'x.pdf')).toThrow();
    const path = buildStoragePath(USER, DOC, '../../../secret');
    expect(path.split('/')).toHaveLength(3);
    expect(path).not.toContain('..');
  });
});

describe('extensions', () => {
  it('splits only real extensions', () => {
    expect(splitExtension('report.final.pdf')).toEqual(['report.final', '.pdf']);
    expect(splitExtension('v1.2 draft')).toEqual(['v1.2 draft', '']);
  });
});
