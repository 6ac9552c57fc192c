import { usePageTitle } from '../components/usePageTitle.ts';

export default function LoginPage() {
  usePageTitle('Login');
  return <h1>Login</h1>;
}
