// Local mode's messages (app.knowledge.local.*), placed under `knowledge` in i18n/zh-CN.ts and i18n/en.ts.
const zh = {
  banner: '本地模式：数据只保存在此浏览器中',
  banner_signed_in: '本地模式：这个项目只保存在此浏览器中，上传到团队后成员才能一起编辑',
  sign_in: '登录',
  switch: '本地项目',
  new_project: '+ 新建本地项目',
  new_project_name: '本地项目 %{n}',
  upload: '上传到团队',
  upload_title: '上传到团队',
  upload_hint: '把本地项目“%{name}”复制为团队“%{team}”的知识项目。本地项目保留不变。',
  upload_no_team: '请先选择或创建团队',
  upload_progress: '正在上传 %{done} / %{total}',
  upload_done: '已上传到团队',
  upload_failed: '上传失败：%{message}',
  cancel: '取消',
  confirm: '上传',
};

const en: typeof zh = {
  banner: 'Local mode: data is kept in this browser only',
  banner_signed_in: 'Local mode: this project lives in this browser only; upload it to a team to edit it together',
  sign_in: 'Sign in',
  switch: 'Local project',
  new_project: '+ New local project',
  new_project_name: 'Local project %{n}',
  upload: 'Upload to a team',
  upload_title: 'Upload to a team',
  upload_hint:
    'Copy the local project "%{name}" into a knowledge project of the team "%{team}". The local project stays.',
  upload_no_team: 'Select or create a team first',
  upload_progress: 'Uploading %{done} / %{total}',
  upload_done: 'Uploaded to the team',
  upload_failed: 'Upload failed: %{message}',
  cancel: 'Cancel',
  confirm: 'Upload',
};

export const localMessagesZh = zh;
export const localMessagesEn = en;
