import { SectionCard } from '../../components/section-card';
import { useSignedInSession } from '../../shell/use-session-context';
import { PasswordForm } from './password-form';
import { CompanyForm, ProfileForm } from './profile-forms';

/** /account: the person's profile and password, and the company's details (sessions are on /account/security). */
export default function AccountScreen() {
  const { user, customer } = useSignedInSession();
  return (
    <div className="grid max-w-3xl grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Account</h1>
        <p className="text-muted-foreground">Your profile, your password and your company’s details.</p>
      </div>
      <SectionCard title="Profile" description="How you appear to your team and in the audit log.">
        <ProfileForm user={user} />
      </SectionCard>
      <SectionCard title="Company" description="The customer account your zones belong to.">
        <CompanyForm customer={customer} canEdit={user.role === 'owner' || user.role === 'admin'} />
      </SectionCard>
      <SectionCard title="Password" description="Changing it signs out your other sessions.">
        <PasswordForm />
      </SectionCard>
    </div>
  );
}
