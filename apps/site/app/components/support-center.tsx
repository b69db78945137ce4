import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Input, Label, Textarea, Toaster, toast } from '@kaja/ui';
import { useMutation } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../api';
import { useRuntimeConfig } from '../runtime-config';

type SupportMessage = { name: string; email: string; subject: string; message: string };
const empty: SupportMessage = { name: '', email: '', subject: '', message: '' };

const fields = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'subject', label: 'Subject', type: 'text', autoComplete: 'off' },
] as const;

/** The contact form and the support addresses: an island of the pre-rendered support page (decision 054). */
export function SupportCenter() {
  const [form, setForm] = useState(empty);
  const { supportEmail } = useRuntimeConfig();
  const send = useMutation({
    mutationFn: (message: SupportMessage) => api<unknown>('/support', { method: 'POST', body: { ...message, source: window.location.href } }),
    onSuccess: () => {
      toast.success('Message sent successfully!', { description: "We'll get back to you within 24 hours." });
      setForm(empty);
    },
    onError: (error) => {
      // Only a message from our server is shown; a network failure gets the fallback text.
      const message = error instanceof ApiError && error.status > 0 ? error.message : '';
      toast.error('Error sending message', { description: message || `Please try again or email us directly at ${supportEmail}` });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(form);
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
              <Button type="submit" disabled={send.isPending}>
                {send.isPending ? 'Sending...' : 'Send Message'}
              </Button>
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
      {/* Only this page shows notices, so only this page loads the toast code. */}
      <Toaster />
    </div>
  );
}
