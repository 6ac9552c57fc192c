import { ButtonLink } from '../../../components/Button.tsx';
import { paths } from '../../../lib/paths.ts';
import { GiftIcon } from '../Icons.tsx';
import m from '../marketing.module.css';
import { showAccountButtons } from './accountButtons.ts';
import styles from './square.module.css';

interface Props {
  /** Whether the session check has said who is here; until then the offer's room is kept, empty. */
  loaded: boolean;
  signedIn: boolean;
  firstName?: string;
}

export function SquareHero({ loaded, signedIn, firstName }: Props) {
  return (
    <section className={m.hero} aria-labelledby="square-title">
      <div className={m.heroText}>
        <p className={m.kicker}>Free rewards program</p>
        <h1 id="square-title" className={m.title}>
          Market Square
        </h1>
        <p className={m.lead}>
          Earn 1% on every purchase, get a birthday treat and unlock offers that save 5-50%. Joining is free.
        </p>
        {!loaded || showAccountButtons(signedIn) ? (
          // Hidden (so neither seen nor reached) until the session check says who is here.
          <div className={m.actions} style={loaded ? undefined : { visibility: 'hidden' }} aria-hidden={!loaded || undefined}>
            <ButtonLink to={paths.login}>Sign in</ButtonLink>
            <ButtonLink to={paths.signup} variant="secondary">
              Create account
            </ButtonLink>
          </div>
        ) : (
          <p className={styles.member}>
            Welcome back{firstName ? `, ${firstName}` : ''}. You're a member, earning 1% on every purchase you make
            signed in.
          </p>
        )}
      </div>
      <SquareArt />
    </section>
  );
}

function SquareArt() {
  return (
    <div className={styles.art} aria-hidden="true">
      <span className={styles.artTile}>1%</span>
      <span className={styles.artTile}>5%</span>
      <span className={styles.artTile}>50%</span>
      <span className={styles.artTile}>
        <GiftIcon />
      </span>
    </div>
  );
}
