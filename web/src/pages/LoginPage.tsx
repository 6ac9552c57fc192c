import { usePageTitle } from '../components/usePageTitle.ts';
import { AuthCard } from '../features/account/AuthCard.tsx';
import { LoginForm } from '../features/account/LoginForm.tsx';
import { paths } from '../lib/paths.ts';

export default function LoginPage() {
  usePageTitle('Sign in');
  return (
    <AuthCard
      title="Sign in to Market"
      switchText="New to Market?"
      switchLink={{ to: paths.signup, label: 'Create your account' }}
    >
      <LoginForm />
    </AuthCard>
  );
}
