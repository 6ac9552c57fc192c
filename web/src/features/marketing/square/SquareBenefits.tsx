import { GiftIcon, PercentIcon, TagIcon } from '../Icons.tsx';
import { BenefitTiles, type Benefit } from '../BenefitTiles.tsx';

const benefits: Benefit[] = [
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
    <BenefitTiles
      id="square-benefits-title"
      title="Member benefits"
      intro="Everything you get for being a Market Square member, at no cost."
      benefits={benefits}
    />
  );
}
