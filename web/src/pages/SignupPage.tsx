import { usePageTitle } from '../components/usePageTitle.ts';

export default function SignupPage() {
  usePageTitle('Signup');
  return <h1>Signup</h1>;
}
