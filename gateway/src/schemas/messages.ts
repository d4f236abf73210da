import type { FastifyError } from 'fastify';

/** Field names as users know them, for messages about a malformed request. */
const fieldNames: Record<string, string> = {
  username: '账号',
  telephone: '手机号',
  password: '密码',
  repeatPassword: '确认密码',
  code: '验证码',
  captcha: '图形验证码',
  smsType: '短信类型',
  teamId: '团队',
  shareCode: '邀请码',
  content: '内容',
  keyword: '关键词',
  page: '页码',
  pageSize: '每页条数',
};

const nameOf = (field: string) => fieldNames[field] ?? field;

/** A message the UI can show for a request that failed validation or could not be parsed. */
export function describeValidationError(error: FastifyError): string {
  const first = error.validation?.[0];
  if (first) {
    const params = first.params as Record<string, unknown>;
    if (first.keyword === 'required') return `缺少参数：${nameOf(String(params.missingProperty))}`;
    const field = first.instancePath.replace(/^\//, '').split('/')[0] ?? '';
    if (!field) return '请求格式错误：请求体必须是表单或 JSON 对象';
    if (first.keyword === 'maxLength') return `${nameOf(field)}过长，最多 ${String(params.limit)} 个字符`;
    if (first.keyword === 'maximum') return `${nameOf(field)}不能大于 ${String(params.limit)}`;
    if (first.keyword === 'minimum') return `${nameOf(field)}不能小于 ${String(params.limit)}`;
    return `参数格式错误：${nameOf(field)}`;
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return '不支持的请求格式，请使用表单或 JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return '请求内容过大';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return '请求格式错误：JSON 无法解析';
    default:
      return error.statusCode === 400 && error.message.includes('JSON')
        ? '请求格式错误：JSON 无法解析'
        : '请求格式错误';
  }
}
