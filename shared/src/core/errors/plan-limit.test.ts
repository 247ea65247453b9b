import { PLAN_LIMIT_MESSAGES } from '../messages';
import { classifyError, planLimitOf } from './classify-error';

describe('plan limits refused by the database (issue 14)', () => {
  it('a PostgREST refusal names the documents limit and how to raise it', () => {
    const error = { message: 'insert document: Plan limit reached: the Free plan holds up to 100 documents.', status: 400, code: 'P0001', details: 'plan_limit:documents:free:100' };
    const classified = classifyError(error);
    expect(classified.userMessage).toBe(PLAN_LIMIT_MESSAGES.documents('Free', '100'));
    expect(classified.userMessage).toMatch(/Upgrade your plan in Settings/);
    expect(classified).toMatchObject({ type: 'validation', retryable: false });
  });

  it("a Storage refusal (message in details, the upload's own message generic) names the storage limit", () => {
    const error = Object.assign(new Error('upload failed with HTTP 400'), { status: 400, details: 'Plan limit reached: the Free plan stores up to 1 GB of files.' });
    expect(planLimitOf(error)).toEqual({ kind: 'storage', plan: 'Free', limit: '1 GB' });
    expect(classifyError(error).userMessage).toBe(PLAN_LIMIT_MESSAGES.storage('Free', '1 GB'));
  });

  it('finds it in a cause, and ignores other 400s', () => {
    const wrapped = new Error('store failed', { cause: { message: 'Plan limit reached: the Plus plan holds up to 5,000 documents.' } });
    expect(planLimitOf(wrapped)).toEqual({ kind: 'documents', plan: 'Plus', limit: '5,000' });
    expect(planLimitOf({ message: 'duplicate key', status: 400 })).toBeNull();
    expect(classifyError({ message: 'bad', status: 400 }).userMessage).not.toMatch(/plan/);
  });
});
