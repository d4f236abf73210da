import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { connected, type Inbox, openLive } from './liveSocket.js';
import { buildTestsWorld, type TestsWorld } from './project-tests-world.js';

const TEST_RUN_PUSH = 200400;

/**
 * The server keeps serving during hostile scripts (issue 18): a run whose pre-request script spins, allocates 2 GB,
 * recurses without end or logs 100 MB goes on in its threads while other people's calls are answered; its report
 * names the limit that stopped the script.
 */
describe('API test runs with hostile scripts', () => {
  let h: Harness;
  let w: TestsWorld;
  let socket: Inbox;
  let otherProjectId = '';
  const saved = process.env.PMBOK_INTERNAL_URL;

  beforeAll(async () => {
    h = await startHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
    process.env.PMBOK_INTERNAL_URL = `http://${origin}`;
    w = await buildTestsWorld(h, '1376400');
    socket = openLive(`ws://${origin}/pmbok/ws?teamId=${w.teamId}`, w.editor);
    await connected(socket);
    const other = await h.call('project/create', { teamId: w.outsiderTeamId, name: '别人的项目' }, w.outsider);
    otherProjectId = String(other.data.projectId);
  });
  afterAll(async () => {
    await socket?.close();
    await h.close();
    if (saved === undefined) delete process.env.PMBOK_INTERNAL_URL;
    else process.env.PMBOK_INTERNAL_URL = saved;
  });

  /** Resolves on the run's `finished` push. */
  const finishedPush = async (testRunId: number) => {
    for (;;) {
      const message = await socket.next();
      if (
        message.code === TEST_RUN_PUSH &&
        message.data.testRunId === testRunId &&
        message.data.event.type === 'finished'
      )
        return message.data.event;
    }
  };

  it.each([
    ['while (true) {}', 'timeout', '脚本运行超过 1000 ms，已中止'],
    ['new Array(2**31).fill(0)', 'memory', '脚本内存超过 32 MB，已中止'],
    ['function f() { return f() + 1; } f();', 'stack', '脚本调用栈超过 512 KB（递归太深），已中止'],
    // 10 MB of output against a limit of 64 KB; a hundred times that only measured how fast a loaded machine
    // builds strings, and ran into the 1 s script limit first.
    [
      "for (var i = 0; i < 10; i++) console.log('x'.repeat(1024 * 1024));",
      'output',
      '控制台输出超过 64 KB，超出部分已截断',
    ],
  ])('%s: others are answered while it runs, and the report says %s', async (script, kind, message) => {
    const saved = await w.as(w.editor)('saveTestCase', {
      projectStructureId: w.apiId,
      name: `恶意脚本 ${kind}`,
      content: JSON.stringify({ request: { method: 'GET', url: '/pets/1' }, preScript: script }),
    });
    expect(saved.code, saved.msg).toBe(200);
    const started = await w.as(w.editor)('runTest', {
      testCaseIds: `[${saved.data.testCaseId}]`,
      projectConfigId: '0',
    });
    expect(started.code, started.msg).toBe(200);
    const { testRunId } = started.data;
    let finished = false;
    const end = finishedPush(testRunId).then((event) => {
      finished = true;
      return event;
    });
    // Another user's calls, one after another, counted while the run has not finished.
    let answeredDuring = 0;
    while (!finished) {
      const answer = await h.call(
        'project/detail',
        { teamId: w.outsiderTeamId, projectId: otherProjectId },
        w.outsider,
      );
      expect(answer.code).toBe(200);
      if (!finished) answeredDuring += 1;
    }
    await end;
    expect(answeredDuring).toBeGreaterThan(0);

    const detail = await w.as(w.editor)('testRun', { testRunId: String(testRunId) });
    const [result] = detail.data.report.results;
    const pre = result.scripts.find((s: { name: string }) => s.name === '用例前置脚本');
    expect(pre.error).toMatchObject({ kind, message });
  });
});
