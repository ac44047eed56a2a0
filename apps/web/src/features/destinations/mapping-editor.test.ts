import { describe, expect, it } from 'vitest';
import type { PipelineMappingRule } from '@billbridge/contract';
import {
  addRule,
  cancelEdit,
  changeDraft,
  deleteRule,
  editRule,
  moveRule,
  openEditor,
  saveEdit,
} from './mapping-editor.ts';

const rule = (
  id: string,
  status: PipelineMappingRule['stripe_subscription_status'],
): PipelineMappingRule => ({
  id,
  stripe_subscription_status: status,
  price_ids: { mode: 'none', ids: [] },
  hubspot_pipeline: 'default',
  hubspot_stage: 'appointmentscheduled',
});

describe('the mapping-rule editor', () => {
  it('adds a rule with the first status, mode none, pipeline default and no stage, open for editing', () => {
    const editor = addRule(openEditor([]), 'r1');
    expect(editor.rules).toEqual([
      {
        id: 'r1',
        stripe_subscription_status: 'active',
        price_ids: { mode: 'none', ids: [] },
        hubspot_pipeline: 'default',
        hubspot_stage: '',
      },
    ]);
    expect(editor.editing).toMatchObject({ index: 0, isNew: true, errors: [] });
  });

  it('lists the spec messages on save and keeps the row open until they are fixed', () => {
    let editor = addRule(openEditor([]), 'r1');
    editor = changeDraft(editor, { status: '', pipeline: '', mode: 'any' });
    editor = saveEdit(editor);
    expect(editor.editing?.errors).toEqual([
      'Stripe status is required',
      'HubSpot pipeline is required',
      'HubSpot stage is required',
      'Price IDs are required when mode is not "none"',
    ]);
    editor = changeDraft(editor, {
      status: 'trialing',
      pipeline: 'default',
      stage: 'qualified',
      priceIdsText: ' price_1 , ,price_2,',
    });
    editor = saveEdit(editor);
    expect(editor.editing).toBeNull();
    expect(editor.rules[0]).toMatchObject({
      stripe_subscription_status: 'trialing',
      price_ids: { mode: 'any', ids: ['price_1', 'price_2'] },
      hubspot_stage: 'qualified',
    });
  });

  it('clears the price ids when mode none is chosen, and the stage when the pipeline changes', () => {
    let editor = editRule(openEditor([rule('r1', 'active')]), 0);
    editor = changeDraft(editor, { mode: 'all', priceIdsText: 'price_1' });
    editor = changeDraft(editor, { mode: 'none' });
    expect(editor.editing?.draft.priceIdsText).toBe('');
    editor = changeDraft(editor, { pipeline: 'renewals' });
    expect(editor.editing?.draft.stage).toBe('');
  });

  it('cancel removes a new rule and keeps an edited one as it was', () => {
    expect(cancelEdit(addRule(openEditor([rule('r1', 'active')]), 'r2')).rules.map((r) => r.id)).toEqual([
      'r1',
    ]);
    let editor = editRule(openEditor([rule('r1', 'active')]), 0);
    editor = cancelEdit(changeDraft(editor, { status: 'paused' }));
    expect(editor.rules[0]?.stripe_subscription_status).toBe('active');
  });

  it('edits one row at a time: add, edit, delete and move wait while a row is open', () => {
    const editing = editRule(openEditor([rule('r1', 'active'), rule('r2', 'trialing')]), 0);
    expect(addRule(editing, 'r3')).toBe(editing);
    expect(editRule(editing, 1)).toBe(editing);
    expect(deleteRule(editing, 1)).toBe(editing);
    expect(moveRule(editing, 1, -1)).toBe(editing);
  });

  it('moves rules up and down, and deletes them', () => {
    let editor = openEditor([rule('a', 'active'), rule('b', 'trialing'), rule('c', 'paused')]);
    editor = moveRule(editor, 2, -1);
    expect(editor.rules.map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(moveRule(editor, 0, -1)).toBe(editor);
    expect(moveRule(editor, 2, 1)).toBe(editor);
    editor = deleteRule(editor, 0);
    expect(editor.rules.map((r) => r.id)).toEqual(['c', 'b']);
  });
});
