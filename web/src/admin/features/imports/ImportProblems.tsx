import type { ImportProblem } from '../../api/adminFiles.ts';
import { admin, importer } from '../../styles/classes.ts';
import { TableFrame } from '../../components/Controls.tsx';
import { problemsHeadline, problemsListed } from './importLines.ts';

/** A refused import: that nothing changed, then each bad cell by its spreadsheet row and column. */
export function ImportProblems({ problems, problemCount }: { problems: ImportProblem[]; problemCount: number }) {
  const listed = problemsListed(problems.length, problemCount);
  return (
    <>
      <p role="alert" className={admin.problem}>
        {problemsHeadline(problems, problemCount)}
      </p>
      {listed && <p className={admin.soft}>{listed}</p>}
      <TableFrame label="Problems in the file">
        <table className={`${admin.table} ${importer.problemTable}`}>
          <thead>
            <tr>
              <th scope="col" className={admin.num}>
                Row
              </th>
              <th scope="col">Column</th>
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {problems.map((p, i) => (
              // A row may have several problems, and a column several rows: the place in the list is the key.
              <tr key={i}>
                <td className={admin.num}>{p.row.toLocaleString('en-US')}</td>
                <td>{p.column}</td>
                <td>{p.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
    </>
  );
}
