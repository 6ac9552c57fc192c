import { LineItem, LineList } from './LineItem.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { RefundList } from './RefundList.tsx';
import type { Order } from '../api/types.ts';
import { addressOneLine } from '../lib/addresses.ts';
import { businessDays } from '../lib/checkoutDetails.ts';
import { formatDate } from '../lib/dates.ts';
import { paidWith, paymentStatusWords } from '../lib/payments.ts';
import styles from './OrderDetails.module.css';

/**
 * Everything about one order: when, its status, where it goes and how (the copy of its
 * address and its method, as they were when it was placed), how it was paid and where
 * that money stands, its lines, its refunds and its money. The `backOffice` sees more:
 * who gave each refund, and which lines' units went back to stock.
 */
export function OrderDetails({ order, backOffice = false }: { order: Order; backOffice?: boolean }) {
  return (
    <div className={styles.details}>
      <div className={styles.stack}>
        <dl className={styles.facts}>
          <Fact term="Order number" value={`#${order.id}`} />
          <Fact term="Placed" value={formatDate(order.createdAt)} />
          <Fact
            term="Status"
            value={
              order.statusChangedAt === order.createdAt
                ? order.status
                : `${order.status} since ${formatDate(order.statusChangedAt)}`
            }
          />
          <Fact term="Ships to" value={addressOneLine(order.address)} />
          <Fact term="Shipping" value={`${order.shippingMethod.name} · ${businessDays(order.shippingMethod.days)}`} />
          <Fact term="Paid with" value={paidWith(order.payment)} />
          <Fact term="Payment status" value={paymentStatusWords(order.payment.status)} />
        </dl>
        <section className={styles.panel} aria-labelledby={`order-${order.id}-items`}>
          <h2 id={`order-${order.id}-items`}>Items ({order.Products.length})</h2>
          <LineList label={`Items of order ${order.id}`}>
            {order.Products.map((p) => (
              <LineItem key={p.lineId} line={{ ...p, productId: p.id }}>
                {backOffice && p.restocked && <span className={styles.restocked}>Returned to stock</span>}
              </LineItem>
            ))}
          </LineList>
        </section>
        {order.refunds.length > 0 && (
          <section className={styles.panel} aria-labelledby={`order-${order.id}-refunds`}>
            <h2 id={`order-${order.id}-refunds`}>Refunds ({order.refunds.length})</h2>
            <RefundList label={`Refunds of order ${order.id}`} refunds={order.refunds} showWho={backOffice} />
          </section>
        )}
      </div>
      <OrderSummary
        heading="Payment summary"
        figures={order}
        itemCount={order.Products.length}
      />
    </div>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
