import { registeredMetric as once } from '@pmbok/infra';
import { Counter, Histogram } from 'prom-client';

export const aiMetrics = {
  questions: once(
    'pmbok_ai_questions_total',
    () =>
      new Counter({
        name: 'pmbok_ai_questions_total',
        help: 'Questions answered, by provider and outcome',
        labelNames: ['provider', 'outcome'],
      }),
  ),
  tokens: once(
    'pmbok_ai_tokens_total',
    () =>
      new Counter({
        name: 'pmbok_ai_tokens_total',
        help: 'Model tokens used, by team and kind (prompt, completion)',
        labelNames: ['team', 'kind'],
      }),
  ),
  firstTokenSeconds: once(
    'pmbok_ai_first_token_seconds',
    () =>
      new Histogram({
        name: 'pmbok_ai_first_token_seconds',
        help: 'From the question to the first piece of the answer',
        buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
      }),
  ),
  retrievalSeconds: once(
    'pmbok_ai_retrieval_seconds',
    () =>
      new Histogram({
        name: 'pmbok_ai_retrieval_seconds',
        help: 'Retrieval of the passages for one question',
        buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5],
      }),
  ),
};
