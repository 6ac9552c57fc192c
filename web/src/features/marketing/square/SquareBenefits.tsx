import type { ReactNode } from 'react';
import { GiftIcon, PercentIcon, TagIcon } from '../Icons.tsx';
import m from '../marketing.module.css';

const benefits: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <PercentIcon />,
    title: '1% earnings on every purchase',
    text: 'Earn 1% back on almost everything you buy at Market, in store and online, to spend on a later trip.',
  },
  {
    icon: <GiftIcon />,
    title: 'A birthday treat',
    text: 'Celebrate with 5% off one purchase. Your birthday reward is good for 30 days.',
  },
  {
    icon: <TagIcon />,
    title: 'Offers picked for you',
    text: 'Save 5-50% with deals on the brands and departments you shop most.',
  },
];

export function SquareBenefits() {
  return (
    <section className={m.section} aria-labelledby="square-benefits-title">
      <div className={m.sectionHead}>
        <h2 id="square-benefits-title">Member benefits</h2>
        <p>Everything you get for being a Market Square member, at no cost.</p>
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
