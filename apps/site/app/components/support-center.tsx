import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, Textarea } from '@kaja/ui';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../api';
import { useSend, type Sending } from '../remote-data';
import { useRuntimeConfig } from '../runtime-config';

type SupportMessage = { name: string; email: string; subject: string; message: string };
const empty: SupportMessage = { name: '', email: '', subject: '', message: '' };

const fields = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'subject', label: 'Subject', type: 'text', autoComplete: 'off' },
] as const;

const deliver = (message: SupportMessage) => api<unknown>('/support', { method: 'POST', body: { ...message, source: window.location.href } });

/**
 * How the sending went, in the form below its button (no toasts: their library was 11 KB of this page, decision 073).
 * The status region is always there, so screen readers announce what appears in it; a failure is an alert.
 */
function SendResult({ sending, supportEmail }: { sending: Sending; supportEmail: string }) {
  if (sending.status === 'failed') {
    // Only a message from our server is shown; a network failure gets the fallback text.
    const { error } = sending;
    const message = error instanceof ApiError && error.status > 0 ? error.message : '';
    return (
      <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
        <p className="font-medium">Error sending message</p>
        <p>{message || `Please try again or email us directly at ${supportEmail}`}</p>
      </div>
    );
  }
  return (
    <div role="status" className={sending.status === 'sent' ? 'rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900' : undefined}>
      {sending.status === 'sent' && (
        <>
          <p className="font-medium">Message sent successfully!</p>
          <p>We&apos;ll get back to you within 24 hours.</p>
        </>
      )}
    </div>
  );
}

/** The contact form and the support addresses: an island of the pre-rendered support page (decision 054). */
export function SupportCenter() {
  const [form, setForm] = useState(empty);
  const { supportEmail } = useRuntimeConfig();
  const [sending, send] = useSend(deliver);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send(form).then((sent) => sent && setForm(empty));
  };

  return (
    <div className="mx-auto grid max-w-5xl gap-10 px-4 py-16 md:grid-cols-[1fr_18rem]">
      <div>
        <h1 className="text-4xl font-bold tracking-tight">Support Center</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Questions about DNS, your account or our plans? Send us a message and we'll get back to you within 24 hours.
        </p>
        <Card className="mt-8">
          <CardHeader>
            <CardTitle>Contact us</CardTitle>
            <CardDescription>Fields marked * are required.</CardDescription>
          </CardHeader>
          <CardContent>
            <form onSubmit={onSubmit} className="space-y-4">
              {fields.map((field) => (
                <div key={field.name} className="space-y-2">
                  <Label htmlFor={field.name}>{field.label} *</Label>
                  <Input
                    id={field.name}
                    name={field.name}
                    type={field.type}
                    autoComplete={field.autoComplete}
                    required
                    value={form[field.name]}
                    onChange={(event) => setForm({ ...form, [field.name]: event.target.value })}
                  />
                </div>
              ))}
              <div className="space-y-2">
                <Label htmlFor="message">Message *</Label>
                <Textarea id="message" name="message" required value={form.message} onChange={(event) => setForm({ ...form, message: event.target.value })} />
              </div>
              <Button type="submit" disabled={sending.status === 'sending'}>
                {sending.status === 'sending' ? 'Sending...' : 'Send Message'}
              </Button>
              <SendResult sending={sending} supportEmail={supportEmail} />
            </form>
          </CardContent>
        </Card>
      </div>
      <aside className="space-y-4 md:pt-28">
        <Card>
          <CardHeader>
            <Mail className="size-6 text-primary" aria-hidden />
            <CardTitle className="text-lg">Email</CardTitle>
            <CardDescription>
              <a href={`mailto:${supportEmail}`} className="text-primary underline">
                {supportEmail}
              </a>
            </CardDescription>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Sales</CardTitle>
            <CardDescription>
              Interested in the Scale plan? Tell us about your domains and traffic in the form and our sales team will contact you.
            </CardDescription>
          </CardHeader>
        </Card>
      </aside>
    </div>
  );
}
