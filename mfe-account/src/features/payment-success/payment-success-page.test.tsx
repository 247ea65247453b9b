import { screen } from '@testing-library/react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { BILLING_MESSAGES } from '@dossier/shared/core';
import { renderPage } from '../testing/render-page';
import PaymentSuccessPage from './payment-success-page';

const user = { id: 'u1', email: 'ana@example.com', name: 'Ana' };

/** A supabase client whose checkout-session-status function answers `answers` in turn. */
function functionsAnswering(...answers: Array<{ status: number; body: unknown }>) {
  const invoke = jest.fn(async () => {
    const a = answers.length > 1 ? answers.shift()! : answers[0];
    if (a.status >= 400) {
      return { data: null, error: Object.assign(new Error('Edge Function returned a non-2xx status code'), { name: 'FunctionsHttpError', context: { status: a.status, json: async () => a.body } }) };
    }
    return { data: a.body, error: null };
  });
  return { client: { auth: {}, functions: { invoke } } as unknown as SupabaseClient, invoke };
}

function renderAt(search: string, client: SupabaseClient) {
  return renderPage(<PaymentSuccessPage />, { path: `/payment-success${search}`, services: { auth: { status: 'signed-in', user, supabase: client } } });
}

const paid = { status: 'complete', payment_status: 'paid', plan: { id: 'plus', name: 'Plus' }, plan_active: true };
const WENT_THROUGH = /Payment received|went through|you are on/i;

describe('/payment-success', () => {
  it('without a session id there is nothing to confirm, and the server is not asked', async () => {
    const { client, invoke } = functionsAnswering({ status: 200, body: paid });
    renderPage(<PaymentSuccessPage />, { path: '/payment-success', services: { auth: { status: 'signed-in', user, supabase: client } } });
    expect(await screen.findByText(BILLING_MESSAGES.missingSession)).toBeInTheDocument();
    expect(invoke).not.toHaveBeenCalled();
  });

  it('asks the server about the session in the URL and shows Plus when paid', async () => {
    const { client, invoke } = functionsAnswering({ status: 200, body: paid });
    renderAt('?session_id=cs_test_abc', client);
    expect(await screen.findByRole('heading', { name: BILLING_MESSAGES.paymentReceived('Plus') })).toBeInTheDocument();
    expect(invoke).toHaveBeenCalledWith('checkout-session-status', { body: { session_id: 'cs_test_abc' } });
  });

  it('a made-up session id never says the payment went through', async () => {
    const { client } = functionsAnswering({ status: 404, body: { error: 'not_found' } });
    renderAt('?session_id=cs_test_madeup', client);
    expect(await screen.findByText(BILLING_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.queryByText(WENT_THROUGH)).toBeNull();
  });

  it('an unpaid (still open) session says it was not completed', async () => {
    const { client } = functionsAnswering({ status: 200, body: { status: 'open', payment_status: 'unpaid', plan: { id: 'plus', name: 'Plus' }, plan_active: false } });
    renderAt('?session_id=cs_test_open', client);
    expect(await screen.findByText(BILLING_MESSAGES.notCompleted)).toBeInTheDocument();
    expect(screen.queryByText(WENT_THROUGH)).toBeNull();
  });

  it('an expired session says so', async () => {
    const { client } = functionsAnswering({ status: 200, body: { status: 'expired', payment_status: 'unpaid', plan: null, plan_active: false } });
    renderAt('?session_id=cs_test_old', client);
    expect(await screen.findByText(BILLING_MESSAGES.expired)).toBeInTheDocument();
  });

  it('a completed but unpaid session is "still processing", then paid once the server says so', async () => {
    const { client } = functionsAnswering(
      { status: 200, body: { status: 'complete', payment_status: 'unpaid', plan: { id: 'plus', name: 'Plus' }, plan_active: false } },
      { status: 200, body: paid },
    );
    renderAt('?session_id=cs_test_slow', client);
    expect(await screen.findByText(BILLING_MESSAGES.paymentProcessing)).toBeInTheDocument();
    expect(screen.queryByText(WENT_THROUGH)).toBeNull();
    expect(await screen.findByText(BILLING_MESSAGES.paymentReceived('Plus'), undefined, { timeout: 4000 })).toBeInTheDocument();
  });

  it('a server failure is an honest error with Try Again, not a success', async () => {
    const { client } = functionsAnswering({ status: 502, body: { error: 'payment_provider_unreachable' } });
    renderAt('?session_id=cs_test_x', client);
    expect(await screen.findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.queryByText(WENT_THROUGH)).toBeNull();
  });
});
