import { useState } from 'react';
import { Button } from '../../components/Button.tsx';
import { LineItem, LineList } from '../../components/LineItem.tsx';
import { useStore } from '../../store/index.ts';

/** The cart's lines, each with a Remove button. */
export function CartLines() {
  const lines = useStore((s) => s.cart.lines);
  return (
    <LineList label="Items in your cart">
      {lines.map((line) => (
        <LineItem key={line.cartId} line={line}>
          <RemoveButton cartId={line.cartId} name={line.name} />
        </LineItem>
      ))}
    </LineList>
  );
}

function RemoveButton({ cartId, name }: { cartId: number; name: string }) {
  const removeFromCart = useStore((s) => s.removeFromCart);
  const [busy, setBusy] = useState(false);
  const remove = () => {
    setBusy(true);
    // A failed remove leaves the line where it was (docs/rules.md#screens).
    removeFromCart(cartId).catch(() => setBusy(false));
  };
  return (
    <Button variant="quiet" size="small" onClick={remove} disabled={busy} aria-label={`Remove ${name} from cart`}>
      Remove
    </Button>
  );
}
