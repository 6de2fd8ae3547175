/** AGENT0_VALUES (the Agent0 column of docs/algorithms.md §6.2) agrees with the other records of Agent0. */
import { describe, expect, it } from 'vitest';
import { AGENT0_VALUES } from '../../../src/core/agent0-values';
import { RELEASED_SETTINGS } from '../../../src/core/release';
import { AGENT0 } from '../../../src/ui/figures/article/agent0-facts';

describe('AGENT0_VALUES', () => {
  it("states the released scripts' numbers as agent0-facts.ts does", () => {
    expect(AGENT0_VALUES['questioner.prompts']).toBe(String(AGENT0.questioner.rolloutBatch));
    expect(AGENT0_VALUES['questioner.rolloutsPerPrompt']).toBe(String(AGENT0.questioner.n));
    expect(AGENT0_VALUES['questioner.steps']).toBe(String(AGENT0.questioner.keptStep));
    expect(AGENT0_VALUES['questioner.updatesPerStep']).toBe(
      String(AGENT0.questioner.rolloutBatch / AGENT0.questioner.globalBatch),
    );
    expect(AGENT0_VALUES['questioner.temperature']).toMatch(
      new RegExp(`^${AGENT0.questioner.temperature} / ${AGENT0.questioner.topP} `),
    );
    expect(AGENT0_VALUES['proxy.candidates']).toBe(String(AGENT0.proxy.candidates));
    expect(AGENT0_VALUES['proxy.maxTurns']).toBe(String(AGENT0.proxy.maxTurns));
    expect(AGENT0_VALUES['pool.questions']).toBe(String(AGENT0.pool.questions));
    expect(AGENT0_VALUES['labelling.samples']).toBe(String(AGENT0.labelling.samples));
    expect(AGENT0_VALUES['executor.rolloutsPerPrompt']).toBe(String(AGENT0.executor.n));
    expect(AGENT0_VALUES['executor.maxTurns']).toBe(String(AGENT0.executor.maxTurns));
    expect(AGENT0_VALUES['curation.minScore']).toMatch(
      new RegExp(`^${AGENT0.curation.min} / ${AGENT0.curation.uploadDefaultMax} `),
    );
  });

  it('states the released behaviours as RELEASED_SETTINGS sets them', () => {
    expect(AGENT0_VALUES['labelling.mode']).toMatch(`\`${RELEASED_SETTINGS.labelling.mode}\``);
    expect(AGENT0_VALUES['proxy.goldenAnswer']).toMatch(`\`${RELEASED_SETTINGS.proxy.goldenAnswer}\``);
    expect(AGENT0_VALUES['proxy.unboxedAnswer']).toMatch(`\`${RELEASED_SETTINGS.proxy.unboxedAnswer}\``);
    expect(AGENT0_VALUES['proxy.uncheckedAnswer']).toMatch(`\`${RELEASED_SETTINGS.proxy.uncheckedAnswer}\``);
    expect(AGENT0_VALUES['proxy.unreadableQuestion']).toMatch(`\`${RELEASED_SETTINGS.proxy.unreadableQuestion}\``);
    expect(AGENT0_VALUES['proxy.gate']).toMatch(
      `${RELEASED_SETTINGS.proxy.gate} / ${RELEASED_SETTINGS.proxy.gateMinP} as released`,
    );
    expect(AGENT0_VALUES['reward.toolRewardSource']).toMatch(`\`${RELEASED_SETTINGS.reward.toolRewardSource}\``);
    expect(AGENT0_VALUES['reward.toolRewardPerCall']).toMatch(`${RELEASED_SETTINGS.reward.toolRewardPerCall} `);
    expect(AGENT0_VALUES['executor.dualClip']).toMatch(`${RELEASED_SETTINGS.executor.dualClip} as released`);
    expect(AGENT0_VALUES['executor.updatesPerStep']).toMatch(`${RELEASED_SETTINGS.executor.updatesPerStep} `);
  });
});
