import { usePageTitle } from '../components/usePageTitle.ts';
import { AuthCard } from '../features/account/AuthCard.tsx';
import { SignupForm } from '../features/account/SignupForm.tsx';
import { paths } from '../lib/paths.ts';

export default function SignupPage() {
  usePageTitle('Create account');
  return (
    <AuthCard
      title="Create your Market account"
      switchText="Already have an account?"
      switchLink={{ to: paths.login, label: 'Sign in' }}
    >
      <SignupForm />
    </AuthCard>
  );
}
