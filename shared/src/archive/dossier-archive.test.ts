import { documentsCsv, type ArchivedDocument } from './dossier-archive';

const doc = (over: Partial<ArchivedDocument>): ArchivedDocument => ({
  file: 'Categories/Tax/a.pdf',
  name: 'a.pdf',
  category: 'Tax',
  portfolio: null,
  tags: [],
  notes: null,
  issued_on: null,
  expires_on: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  mime_type: 'application/pdf',
  size: 10,
  sha256: null,
  source: 'upload',
  ...over,
});

describe('documentsCsv', () => {
  it('writes a header, quotes commas, quotes and line breaks, and joins tags', () => {
    const csv = documentsCsv([doc({ name: 'a, b.pdf', notes: 'say "hi"\nthen go', tags: ['Tax', 'Urgent'] })]);
    const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('file,name,category,portfolio,tags,issued_on,expires_on,created_at,size,mime_type,notes');
    expect(row).toBe('Categories/Tax/a.pdf,"a, b.pdf",Tax,,Tax; Urgent,,,2026-01-01T00:00:00.000Z,10,application/pdf,"say ""hi""\nthen go"');
    expect(csv.startsWith('\uFEFF')).toBe(true);
  });

  it('never lets a spreadsheet run a cell as a formula', () => {
    const csv = documentsCsv([doc({ name: '=HYPERLINK("http://x")', notes: '+1 call', category: '-', portfolio: '@me' })]);
    const row = csv.split('\r\n')[1];
    expect(row).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(row).toContain(`'+1 call`);
    expect(row).toContain(`,'-,'@me,`);
  });
});
