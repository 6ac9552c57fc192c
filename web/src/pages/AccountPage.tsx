import { usePageTitle } from '../components/usePageTitle.ts';

export default function AccountPage() {
  usePageTitle('Account');
  return <h1>Account</h1>;
}
