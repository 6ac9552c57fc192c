import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/usePageTitle.ts';
import { paths } from '../lib/paths.ts';
import styles from './NotFoundPage.module.css';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className={styles.box}>
      <h1>We couldn't find that page</h1>
      <p>The link may be old, or the page may have moved.</p>
      <Link to={paths.home} className={styles.home}>
        Go to the Market home page
      </Link>
    </section>
  );
}
