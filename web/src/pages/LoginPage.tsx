import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle.ts';
import { LoginForm } from '../features/account/LoginForm.tsx';
import styles from '../features/account/account.module.css';
import { paths } from '../lib/paths.ts';

export default function LoginPage() {
  usePageTitle('Sign in');
  return (
    <div className={styles.authPage}>
      <section className={styles.authCard} aria-labelledby="login-title">
        <h1 id="login-title">Sign in to Market</h1>
        <LoginForm />
      </section>
      <p className={styles.switch}>
        New to Market? <Link to={paths.signup}>Create your account</Link>
      </p>
    </div>
  );
}
