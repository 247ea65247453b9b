import { createErrorLog } from './error-log';
import { HttpError } from './error-classes';

describe('error log (SPEC §9: last 100 general, 50 drive)', () => {
  it('keeps only the newest records', () => {
    const log = createErrorLog();
    for (let i = 0; i < 120; i++) log.report(new HttpError(500, `failure ${i}`));
    expect(log.list()).toHaveLength(100);
    expect(log.list()[0]?.message).toBe('failure 20');
    for (let i = 0; i < 60; i++) log.reportDrive({ ...log.list()[0]!, driveErrorType: 'api_error', fileId: String(i) });
    expect(log.listDrive()).toHaveLength(50);
    expect(log.listDrive()[0]?.fileId).toBe('10');
    log.clear();
    expect(log.list()).toHaveLength(0);
  });
});
