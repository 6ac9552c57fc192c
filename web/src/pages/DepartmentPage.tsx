import { usePageTitle } from '../components/usePageTitle.ts';

export default function DepartmentPage() {
  usePageTitle('Department');
  return <h1>Department</h1>;
}
