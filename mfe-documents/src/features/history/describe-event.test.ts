import { describeActor, describeEvent, historyCsv } from './describe-event';

const event = (kind: string, detail: Record<string, unknown>, actor_email: string | null = 'ana@example.com') => ({
  id: 1,
  document_id: 'd1',
  kind,
  detail,
  actor_email,
  at: '2026-11-24T10:00:00Z',
});

describe('document history texts', () => {
  it('says what happened in words', () => {
    expect(describeEvent(event('renamed', { from: 'a.pdf', to: 'b.pdf' }))).toBe('Renamed from “a.pdf” to “b.pdf”');
    expect(describeEvent(event('imported', { from: 'Google Drive' }))).toBe('Imported from Google Drive');
    expect(describeEvent(event('moved', { from: null, to: 'Estate' }))).toBe('Moved to portfolio Estate');
    expect(describeEvent(event('moved', { from: 'Estate', to: null }))).toBe('Taken out of portfolio Estate');
    expect(describeEvent(event('transferred', { from: 'ana@example.com', to: 'ben@example.com', kept_copy: true }))).toBe(
      'Transferred from ana@example.com to ben@example.com (the sender kept a copy)',
    );
  });

  it('names the actor from the reader\'s side', () => {
    expect(describeActor(event('renamed', {}), 'ANA@example.com')).toBe('You');
    expect(describeActor(event('renamed', {}, 'ben@example.com'), 'ana@example.com')).toBe('ben@example.com');
    expect(describeActor(event('link_opened', {}, null), 'ana@example.com')).toBe('A visitor of the link');
  });

  it('exports quoted CSV that a spreadsheet cannot run', () => {
    const csv = historyCsv([event('renamed', { name: '=HYPERLINK("x")', from: 'a "b".pdf', to: 'c.pdf' })], 'ana@example.com');
    const lines = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('"When (UTC)","Document","What","Who","Document id"');
    expect(lines[1]).toBe('"2026-11-24T10:00:00Z","\'=HYPERLINK(""x"")","Renamed from “a ""b"".pdf” to “c.pdf”","You","d1"');
  });
});
