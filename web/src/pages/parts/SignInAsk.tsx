import { ButtonLink } from '../../components/Button.tsx';
import { Notice } from '../../components/Notice.tsx';
import { paths } from '../../lib/paths.ts';
import styles from '../pages.module.css';

/** What a visitor sees on a screen that needs a shopper (cart, favorites). */
export function SignInAsk({ title, text, level = 1 }: { title: string; text: string; level?: 1 | 2 }) {
  return (
    <Notice title={title} level={level}>
      <p>{text}</p>
      <div className={styles.actions}>
        <ButtonLink to={paths.login}>Sign in</ButtonLink>
        <ButtonLink to={paths.signup} variant="secondary">
          Create account
        </ButtonLink>
      </div>
    </Notice>
  );
}
