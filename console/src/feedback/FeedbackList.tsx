import type { FeedbackList } from '@pmbok/api-types';
import { request } from '../api/request';
import type { FieldDefinition } from '../list/fields';
import { GenericList } from '../list/GenericList';
import type { ImportResult, TableOptions } from '../list/listOptions';

/** A row of feedback/list, as the gateway's schema types it. */
export type Feedback = FeedbackList['lists'][number];

const fields: FieldDefinition<Feedback>[] = [
  { name: '', field: 'selection', type: 'selection' },
  { name: 'app.list.index', field: 'index', type: 'index', width: 64 },
  { name: 'app.feedback_list.feedback_id', field: 'feedbackId', width: 90 },
  {
    name: 'app.feedback_list.content',
    field: 'content',
    align: 'left',
    bolShowFormItem: true,
    formType: 'textarea',
    required: true,
  },
  {
    name: 'app.feedback_list.submitter',
    field: 'submitter',
    children: [
      { name: 'app.feedback_list.user_name', field: 'userName', width: 120 },
      { name: 'app.feedback_list.telephone', field: 'telephone', width: 130 },
    ],
  },
  { name: 'app.feedback_list.create_time', field: 'createTime', type: 'datetime', width: 170 },
  { name: 'app.feedback_list.keyword', field: 'keyword', bolShowColumn: false, bolShowSearch: true },
];

/** Each imported row's content is submitted as one feedback. */
const importRow = async ({ content = '' }: Record<string, string>): Promise<ImportResult> => {
  await request('feedback', { content }, { notify: false });
  return { status: 'success', msg: 'app.feedback_list.submitted' };
};

const options: TableOptions<Feedback> = {
  style: 'drawer',
  btnList: [{ name: 'app.feedback_list.add', function: (actions) => actions.openForm(-1) }],
  formTitle: 'app.feedback_list.add',
  importRow,
  exportName: 'app.feedback_list.export_file',
};

/** /feedback/index: every user's feedback, for administrators (the server answers others with code 400). */
const FeedbackListPage = () => <GenericList resource="feedback" fields={fields} options={options} />;

export default FeedbackListPage;
