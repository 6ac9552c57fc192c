import { CashIcon, PercentIcon, ReturnIcon, StarIcon } from '../Icons.tsx';
import { BenefitTiles, type Benefit } from '../BenefitTiles.tsx';

const benefits: Benefit[] = [
  {
    icon: <PercentIcon />,
    title: '5% off, every day',
    text: 'Save 5% on almost every purchase at Market, in store and online. It comes off at checkout, automatically.',
  },
  {
    icon: <ReturnIcon />,
    title: 'Extra 30 days for returns',
    text: 'Changed your mind? Take an extra 30 days to return most things you bought with your RedCard.',
  },
  {
    icon: <CashIcon />,
    title: 'Cash at checkout',
    text: 'Take out up to $40 in cash when you pay with your RedCard Debit Card at the register.',
  },
  {
    icon: <StarIcon />,
    title: 'Earn with credit',
    text: 'The RedCard Credit Card also earns 2% on dining and gas and 1% on everything else.',
  },
];

export function EverydayBenefits() {
  return <BenefitTiles id="benefits-title" title="Benefits you'll use every day" benefits={benefits} />;
}
