import type { StackContext } from '../context.js';
import { writeMail } from '../outbox/index.js';
import { escapeHtml } from '../content/html.js';

export type MailKind = 'signup' | 'invite' | 'recovery' | 'magiclink' | 'email_change';

const SUBJECTS: Record<MailKind, string> = {
  signup: 'Confirm Your Signup',
  invite: 'You have been invited',
  recovery: 'Reset Your Password',
  magiclink: 'Your Magic Link',
  email_change: 'Confirm Email Change',
};

const LINK_TEXT: Record<MailKind, string> = {
  signup: 'Follow this link to confirm your user:',
  invite: 'You have been invited to create a user. Follow this link to accept the invite:',
  recovery: 'Follow this link to reset the password for your user:',
  magiclink: 'Follow this link to login:',
  email_change: 'Follow this link to confirm the update of your email:',
};

/** The verify link GoTrue puts in its e-mails. */
export function verifyLink(ctx: StackContext, tokenHash: string, type: MailKind, redirectTo: string): string {
  const u = new URL(`${ctx.config.publicUrl}/auth/v1/verify`);
  u.searchParams.set('token', tokenHash);
  u.searchParams.set('type', type);
  u.searchParams.set('redirect_to', redirectTo);
  return u.toString();
}


/** Writes the e-mail GoTrue would send (Supabase's default templates) to the local outbox. */
export async function sendAuthMail(ctx: StackContext, kind: MailKind, to: string, link: string, otp: string): Promise<void> {
  const text = `${SUBJECTS[kind]}\n\n${LINK_TEXT[kind]}\n${link}\n\nAlternatively, enter the code: ${otp}\n`;
  const html = `<h2>${SUBJECTS[kind]}</h2>\n<p>${LINK_TEXT[kind]}</p>\n<p><a href="${escapeHtml(link)}">${kind === 'recovery' ? 'Reset Password' : 'Confirm'}</a></p>\n<p>Alternatively, enter the code: ${otp}</p>`;
  await writeMail(ctx.config.dataDir, { to, subject: SUBJECTS[kind], text, html, link, type: kind });
  ctx.log(`auth: ${kind} e-mail to ${to} written to the outbox`);
}
