import { getSummary } from '../api/admin.ts';
import { LoadGate } from '../../components/LoadGate.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { SalesChart } from '../features/dashboard/SalesChart.tsx';
import { LowestStock, TopProducts } from '../features/dashboard/StockLists.tsx';
import { SummaryTiles } from '../features/dashboard/SummaryTiles.tsx';
import { admin, dashboard as styles } from '../styles/classes.ts';
import { useFetched } from '../lib/useFetched.ts';

export default function DashboardPage() {
  usePageTitle('Back office');
  const { data, gate } = useFetched(getSummary, []);
  return (
    <>
      <PageHead title="Dashboard" />
      <LoadGate state={gate} notFound={null}>
        {data && (
          <>
            <SummaryTiles summary={data} />
            <div className={styles.grid}>
              <section className={`${admin.panel} ${styles.wide}`} aria-labelledby="sales">
                <h2 id="sales">Last 30 days</h2>
                <SalesChart days={data.last30Days} />
              </section>
              <section className={admin.panel} aria-labelledby="top">
                <h2 id="top">Top products</h2>
                <TopProducts products={data.topProducts} />
              </section>
              <section className={admin.panel} aria-labelledby="lowest">
                <h2 id="lowest">Lowest stock</h2>
                <LowestStock products={data.LowestStock} />
              </section>
            </div>
          </>
        )}
      </LoadGate>
    </>
  );
}
