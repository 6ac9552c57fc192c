// Fixed (docs/rules.md#fixed-values): every order ships to the demo address and is paid with the
// stored store card.
export const SHIPPING_ADDRESS = ['Demo Shopper', '1000 Nicollet Mall', 'Minneapolis, MN 55403'] as const;
export const STORE_CARD = 'RedCard debit ending in 4821';
