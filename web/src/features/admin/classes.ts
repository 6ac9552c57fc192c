// The back office's class names, from styles/*.css. Its stylesheet is built apart from the
// shop's (web/build.mjs), so that no shopper downloads it: global names with a prefix of
// their own, not CSS modules, which esbuild folds into the entry's stylesheet.

export const admin = {
  subnav: 'adm-a-subnav',
  note: 'adm-a-note',
  toolbar: 'adm-a-toolbar',
  control: 'adm-a-control',
  select: 'adm-a-select',
  search: 'adm-a-search',
  count: 'adm-a-count',
  scroll: 'adm-a-scroll',
  table: 'adm-a-table',
  num: 'adm-a-num',
  nowrap: 'adm-a-nowrap',
  soft: 'adm-a-soft',
  row: 'adm-a-row',
  status: 'adm-a-status',
  good: 'adm-a-good',
  bad: 'adm-a-bad',
  problem: 'adm-a-problem',
  empty: 'adm-a-empty',
  thumb: 'adm-a-thumb',
  panel: 'adm-a-panel',
  gap: 'adm-a-gap',
  json: 'adm-a-json',
  addForm: 'adm-a-addForm',
  secret: 'adm-a-secret',
  factor: 'adm-a-factor',
} as const;

export const dashboard = {
  tiles: 'adm-d-tiles',
  tile: 'adm-d-tile',
  grid: 'adm-d-grid',
  wide: 'adm-d-wide',
  chart: 'adm-d-chart',
  plot: 'adm-d-plot',
  axis: 'adm-d-axis',
  today: 'adm-d-today',
  days: 'adm-d-days',
  stockList: 'adm-d-stockList',
} as const;

export const editor = {
  layout: 'adm-e-layout',
  aside: 'adm-e-aside',
  picture: 'adm-e-picture',
  form: 'adm-e-form',
  select: 'adm-e-select',
  saveRow: 'adm-e-saveRow',
  saved: 'adm-e-saved',
  dialogTitle: 'adm-e-dialogTitle',
  dialogActions: 'adm-e-dialogActions',
  pictures: 'adm-e-pictures',
  pictureList: 'adm-e-pictureList',
  pictureName: 'adm-e-pictureName',
  pictureActions: 'adm-e-pictureActions',
  upload: 'adm-e-upload',
  uploadBar: 'adm-e-uploadBar',
} as const;

export const importer = {
  page: 'adm-i-page',
  columns: 'adm-i-columns',
  form: 'adm-i-form',
  bar: 'adm-i-bar',
  problemTable: 'adm-i-problemTable',
  outcome: 'adm-i-outcome',
} as const;
