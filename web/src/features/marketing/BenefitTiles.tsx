import type { ReactNode } from 'react';
import m from './marketing.module.css';

export interface Benefit {
  icon: ReactNode;
  title: string;
  text: string;
}

/** A titled section of icon tiles, as the RedCard and Market Square pages list their perks. */
export function BenefitTiles({ id, title, intro, benefits }: { id: string; title: string; intro?: string; benefits: Benefit[] }) {
  return (
    <section className={m.section} aria-labelledby={id}>
      <div className={m.sectionHead}>
        <h2 id={id}>{title}</h2>
        {intro && <p>{intro}</p>}
      </div>
      <ul role="list" className={m.grid}>
        {benefits.map((b) => (
          <li key={b.title} className={m.tile}>
            <span className={m.icon}>{b.icon}</span>
            <h3>{b.title}</h3>
            <p>{b.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
