import { LoadGate } from '../components/LoadGate.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { AddressBook } from '../features/addresses/AddressBook.tsx';
import { paths } from '../lib/paths.ts';
import { useLoad } from '../lib/useLoad.ts';
import { useStore } from '../store/index.ts';

export default function AddressesPage() {
  usePageTitle('Addresses');
  const listAddresses = useStore((s) => s.listAddresses);
  const state = useLoad(listAddresses, []);
  return (
    <>
      <PageHead crumbs={[{ label: 'Account', to: paths.account }, { label: 'Addresses' }]} title="Addresses">
        Where your orders ship. The default address is chosen first at checkout.
      </PageHead>
      <LoadGate state={state} notFound={null}>
        <AddressBook />
      </LoadGate>
    </>
  );
}
