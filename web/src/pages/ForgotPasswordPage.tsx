import { usePageTitle } from '../components/usePageTitle.ts';
import { AuthCard } from '../features/account/AuthCard.tsx';
import { ForgotPasswordForm } from '../features/account/ForgotPasswordForm.tsx';
import { paths } from '../lib/paths.ts';

export default function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  return (
    <AuthCard
      title="Forgot your password?"
      switchText="Remembered it?"
      switchLink={{ to: paths.login, label: 'Sign in' }}
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
