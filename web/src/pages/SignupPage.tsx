import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle.ts';
import { SignupForm } from '../features/account/SignupForm.tsx';
import styles from '../features/account/account.module.css';
import { paths } from '../lib/paths.ts';

export default function SignupPage() {
  usePageTitle('Create account');
  return (
    <div className={styles.authPage}>
      <section className={styles.authCard} aria-labelledby="signup-title">
        <h1 id="signup-title">Create your Market account</h1>
        <SignupForm />
      </section>
      <p className={styles.switch}>
        Already have an account? <Link to={paths.login}>Sign in</Link>
      </p>
    </div>
  );
}
