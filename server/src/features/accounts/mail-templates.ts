import { PRODUCT_NAME, RESET_TOKEN_TTL_MS } from '@shrinkly/contract';
import type { MailMessage } from '../../adapters/mail/mail.port.js';

const ttlMinutes = RESET_TOKEN_TTL_MS / 60_000;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The password reset email, for a user or an administrator. */
export function passwordResetMail(to: string, link: string, audience: 'user' | 'admin'): MailMessage {
  const who = audience === 'admin' ? `${PRODUCT_NAME} administrator account` : `${PRODUCT_NAME} account`;
  const text = [
    `Someone asked to reset the password of your ${who}.`,
    '',
    `Choose a new password here (the link works once, for ${ttlMinutes} minutes):`,
    link,
    '',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n');
  const html = `<p>Someone asked to reset the password of your ${escapeHtml(who)}.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, for ${ttlMinutes} minutes).</p>
<p>If you did not ask for this, ignore this email: your password stays as it is.</p>`;
  return { to, subject: `Reset your ${PRODUCT_NAME} password`, text, html, link };
}
