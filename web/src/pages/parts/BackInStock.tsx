import { useState } from 'react';
import { LoginRequiredDialog } from '../../features/cart/LoginRequiredDialog.tsx';
import { StockAlertButton } from '../../features/stockAlerts/StockAlertButton.tsx';

/**
 * A sold-out product page's "Email me when it's back", asking a visitor to sign in first
 * as "Add to cart" does. It composes the stock alerts' button and the cart's sign-in
 * dialog, which is why it lives beside the pages rather than in either feature.
 */
export function BackInStock({ productId, variantId }: { productId: number; variantId?: number }) {
  const [askToSignIn, setAskToSignIn] = useState(false);
  // The dialog is drawn from the first time it is needed.
  const [asked, setAsked] = useState(false);
  return (
    <>
      <StockAlertButton
        productId={productId}
        variantId={variantId}
        onVisitor={() => {
          setAsked(true);
          setAskToSignIn(true);
        }}
      />
      {asked && (
        <LoginRequiredDialog
          open={askToSignIn}
          onClose={() => setAskToSignIn(false)}
          text="Sign in, and we'll e-mail you when it's back in stock."
        />
      )}
    </>
  );
}
