import type { Config } from '@kaja/config';
import { describeUserAgent } from '../accounts/userAgents';
import type { MailMessage } from './mail';

const signature = '\n\n-- \nKaja DNS';

export const verificationMail = (config: Config, to: string, token: string): MailMessage => ({
  to,
  subject: 'Verify your email address for Kaja DNS',
  text: `Welcome to Kaja DNS.\n\nConfirm your email address by opening this link (valid for 24 hours):\n${config.appUrl}/auth/verify-email?token=${token}${signature}`,
});

export const signupExistsMail = (config: Config, to: string): MailMessage => ({
  to,
  subject: 'Sign-up attempt for your Kaja DNS account',
  text: `Someone tried to sign up for Kaja DNS with this email address, which already has an account.\nIf it was you, sign in at ${config.appUrl}/auth or reset your password there. Otherwise you can ignore this message.${signature}`,
});

export const passwordResetMail = (config: Config, to: string, token: string): MailMessage => ({
  to,
  subject: 'Reset your Kaja DNS password',
  text: `Choose a new password by opening this link (valid for 1 hour, once):\n${config.appUrl}/auth/reset-password?token=${token}\n\nIf you did not ask for this, ignore this message; your password stays as it is.${signature}`,
});

export const signInLinkMail = (config: Config, to: string, token: string): MailMessage => ({
  to,
  subject: 'Your Kaja DNS sign-in link',
  text: `Someone signed in to your Kaja DNS account with the right password while many wrong passwords were being tried on it from elsewhere. If it was you, finish signing in by opening this link (valid for 15 minutes, once):\n${config.appUrl}/auth/sign-in-link?token=${token}\n\nIf it was not you, change your password: whoever tried knows it.${signature}`,
});

export const invitationMail = (config: Config, to: string, customerName: string, role: string, token: string): MailMessage => ({
  to,
  subject: `You are invited to ${customerName} on Kaja DNS`,
  text: `You have been invited to join ${customerName} on Kaja DNS as ${role}.\n\nAccept the invitation (valid for 7 days, once):\n${config.appUrl}/invitations/accept?token=${token}${signature}`,
});

export const supportMail = (config: Config, request: { name: string; email: string; subject: string; message: string; source: string }): MailMessage => ({
  to: config.supportEmail,
  replyTo: request.email,
  subject: `[Support] ${request.subject}`,
  text: `From: ${request.name} <${request.email}>\nPage: ${request.source}\n\n${request.message}`,
});

const number = (value: number) => value.toLocaleString('en-GB');

export const queryUsageMail = (
  config: Config,
  to: string,
  usage: { customer: string; plan: string; month: string; queries: number; limit: number; over: boolean; resetsAt: Date },
): MailMessage => {
  const share = Math.floor((usage.queries / usage.limit) * 100);
  const counts = `${usage.customer} has had ${number(usage.queries)} DNS queries in ${usage.month}: ${share}% of the ${number(usage.limit)} a month of the ${usage.plan} plan.`;
  const served = 'Your zones keep being answered: DNS never stops because of the query count.';
  const next = `The count starts again on ${usage.resetsAt.toISOString().slice(0, 10)}. To have more queries a month, change your plan at ${config.appUrl}/billing.`;
  return {
    to,
    subject: usage.over
      ? `Kaja DNS: ${usage.customer} has passed this month's queries`
      : `Kaja DNS: ${usage.customer} has used ${share}% of this month's queries`,
    text: `${counts}\n\n${served}\n${next}${signature}`,
  };
};

export interface SecurityEvent {
  /** What happened, as one sentence (e.g. "A new passkey named “Laptop” was added to your account."). */
  happened: string;
  when: Date;
  ip: string | null;
  userAgent: string | null;
}

/**
 * A mail about a change to the safety of an account: what happened, when and from where, and what to
 * do when it was not the reader.
 */
export const securityMail = (config: Config, to: string, subject: string, event: SecurityEvent): MailMessage => ({
  to,
  subject: `Kaja DNS security: ${subject}`,
  text:
    [
      event.happened,
      '',
      `When: ${event.when.toISOString().replace('T', ' ').slice(0, 19)} UTC`,
      `From address: ${event.ip ?? 'unknown'}`,
      `Browser or program: ${describeUserAgent(event.userAgent) ?? event.userAgent ?? 'unknown'}`,
      '',
      'If this was you, there is nothing to do.',
      `If it was not: sign out the sessions you do not know at ${config.appUrl}/account/security (or sign out everywhere there), reset your password at ${config.appUrl}/auth/forgot-password, and check your two-step sign-in, passkeys and API keys.`,
    ].join('\n') + signature,
});
