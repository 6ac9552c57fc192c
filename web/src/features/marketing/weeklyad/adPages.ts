// Written by scripts/weeklyad/make-pages.mjs: edit the script and rerun it, not this file.
import page1 from './page-1.svg';
import page2 from './page-2.svg';
import page3 from './page-3.svg';
import page4 from './page-4.svg';

export interface AdPage {
  src: string;
  alt: string;
}

export const adPages: readonly AdPage[] = [
  { src: page1, alt: 'Weekly ad page 1 of 4, New year, fresh pantry: Medium Roast Ground Coffee, 12 oz, $8.99; Honeycrisp Apples, 3 lb Bag, $5.49; Hass Avocados, 4 Count, $4.99; Rustic Sourdough Loaf, 24 oz, $4.49; Large Brown Eggs, Grade A, 12 Count, $4.29.' },
  { src: page2, alt: 'Weekly ad page 2 of 4, Big screens, big sound: Lumen 65" Class 4K UHD QLED Smart TV, $599.99; Sonora Wireless Noise-Cancelling Headphones, $199.99; Voltaic Pulse Smartwatch, 44mm, $249.99; Sonora Boom Portable Bluetooth Speaker, $79.99; Voltaic X12 Smartphone, 128GB, Unlocked, $649.99.' },
  { src: page3, alt: 'Weekly ad page 3 of 4, Play more this week: Nova Orbit Console, 1TB, $499.99; Wyrmfrost: Embers of the North, $69.99; Starward Odyssey, $59.99; Nova Retro Arcade Mini with 100 Built-In Games, $79.99; Family Game Night Classic Collection, $24.99.' },
  { src: page4, alt: 'Weekly ad page 4 of 4, Cozy up for the season: Enameled Cast Iron Dutch Oven, 6 qt, $79.99; Lavender & Cedar Soy Candle, 14 oz, $18.99; Faux Peony Bouquet Arrangement, $29.99; Ergonomic Mesh Office Chair, $229.99; Anti-Colic Baby Bottles, 9 oz, 3 Pack, $24.99.' },
];
