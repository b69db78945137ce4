import {
  Alert,
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@kaja/ui';
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useSignedInSession } from '../../shell/use-session-context';
import { useSignOutEverywhere } from './account-data';
import { PasswordForm } from './password-form';
import { CompanyForm, ProfileForm } from './profile-forms';

function Section({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function SignOutEverywhere() {
  const signOutEverywhere = useSignOutEverywhere();
  const navigate = useNavigate();
  return (
    <div className="grid gap-3">
      {signOutEverywhere.isError && <Alert variant="destructive">{signOutEverywhere.error.message}</Alert>}
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="outline" className="justify-self-start" disabled={signOutEverywhere.isPending}>
            <LogOut aria-hidden />
            {signOutEverywhere.isPending ? 'Signing out…' : 'Sign out everywhere'}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogTitle>Sign out everywhere?</AlertDialogTitle>
          <AlertDialogDescription>
            Every browser and device signed in as you is signed out, this one too. API keys keep working: revoke them under API keys.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => signOutEverywhere.mutate(undefined, { onSuccess: () => void navigate('/auth', { replace: true }) })}>
              Sign out everywhere
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

/** /account: the person's profile and password, the company's details, and signing out on every device. */
export default function AccountScreen() {
  const { user, customer } = useSignedInSession();
  return (
    <div className="grid max-w-3xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Account</h1>
        <p className="text-muted-foreground">Your profile, your password and your company’s details.</p>
      </div>
      <Section title="Profile" description="How you appear to your team and in the audit log.">
        <ProfileForm user={user} />
      </Section>
      <Section title="Company" description="The customer account your zones belong to.">
        <CompanyForm customer={customer} canEdit={user.role === 'owner' || user.role === 'admin'} />
      </Section>
      <Section title="Password" description="Changing it signs out your other sessions.">
        <PasswordForm />
      </Section>
      <Section title="Sessions" description="Lost a device, or signed in on a shared computer?">
        <SignOutEverywhere />
      </Section>
    </div>
  );
}
