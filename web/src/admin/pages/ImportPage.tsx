import { catalogCsvUrl } from '../api/adminFiles.ts';
import { PageHead } from '../../components/PageHead.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { importer } from '../styles/classes.ts';
import { ImportRules } from '../features/imports/ImportRules.tsx';
import { ProductImportForm } from '../features/imports/ProductImportForm.tsx';
import { useRole } from './useRole.ts';
import { canChange } from '../../lib/roles.ts';

/** /admin/import: many products added and changed at once from a CSV file. */
export default function ImportPage() {
  usePageTitle('Import products · Back office');
  const canImport = canChange(useRole());
  return (
    <>
      <PageHead title="Import products">
        Add and change many products at once from a CSV file.{' '}
        {/* A plain link: the browser downloads the server's file (no script, no router). */}
        <a href={catalogCsvUrl} download>
          Download the catalog as CSV
        </a>{' '}
        to start from its columns.
      </PageHead>
      <div className={importer.page}>
        <ImportRules />
        <ProductImportForm canImport={canImport} />
      </div>
    </>
  );
}
