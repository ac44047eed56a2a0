import {
  mappingStatuses,
  parsePriceIds,
  pipelineMappingRuleSchema,
  type MappingStatus,
  type PipelineMappingRule,
  type PriceIdMode,
} from '@billbridge/contract';

/** A rule as its row's inputs hold it: price ids as the comma-separated text the user types. */
export type RuleDraft = {
  id: string;
  status: MappingStatus | '';
  mode: PriceIdMode;
  priceIdsText: string;
  pipeline: string;
  stage: string;
};

export type MappingEditor = {
  rules: PipelineMappingRule[];
  /** The one row being edited (spec §4: one at a time), with what save found wrong. */
  editing: { index: number; draft: RuleDraft; isNew: boolean; errors: string[] } | null;
};

export const openEditor = (rules: PipelineMappingRule[]): MappingEditor => ({ rules, editing: null });

const draftOf = (rule: PipelineMappingRule): RuleDraft => ({
  id: rule.id,
  status: rule.stripe_subscription_status,
  mode: rule.price_ids.mode,
  priceIdsText: rule.price_ids.ids.join(', '),
  pipeline: rule.hubspot_pipeline,
  stage: rule.hubspot_stage,
});

const ruleOf = (draft: RuleDraft): PipelineMappingRule => ({
  id: draft.id,
  stripe_subscription_status: draft.status,
  price_ids: { mode: draft.mode, ids: draft.mode === 'none' ? [] : parsePriceIds(draft.priceIdsText) },
  hubspot_pipeline: draft.pipeline,
  hubspot_stage: draft.stage,
});

/** Spec §4: a new rule has the first status, mode none, pipeline "default", no stage, and opens for editing. */
export const addRule = (editor: MappingEditor, id: string): MappingEditor => {
  if (editor.editing) return editor;
  const rule: PipelineMappingRule = {
    id,
    stripe_subscription_status: mappingStatuses[0],
    price_ids: { mode: 'none', ids: [] },
    hubspot_pipeline: 'default',
    hubspot_stage: '',
  };
  const index = editor.rules.length;
  return {
    rules: [...editor.rules, rule],
    editing: { index, draft: draftOf(rule), isNew: true, errors: [] },
  };
};

export const editRule = (editor: MappingEditor, index: number): MappingEditor => {
  const rule = editor.rules[index];
  if (editor.editing || !rule) return editor;
  return { ...editor, editing: { index, draft: draftOf(rule), isNew: false, errors: [] } };
};

/** Choosing mode none clears the price ids (spec §4 "Price ID mode"); a new pipeline needs a new stage. */
export const changeDraft = (editor: MappingEditor, patch: Partial<RuleDraft>): MappingEditor => {
  if (!editor.editing) return editor;
  const previous = editor.editing.draft;
  const draft = { ...previous, ...patch };
  if (patch.mode === 'none') draft.priceIdsText = '';
  if (patch.pipeline !== undefined && patch.pipeline !== previous.pipeline && patch.stage === undefined)
    draft.stage = '';
  return { ...editor, editing: { ...editor.editing, draft } };
};

/** Cancel discards the edit, and the rule itself when it was just added. */
export const cancelEdit = (editor: MappingEditor): MappingEditor => {
  if (!editor.editing) return editor;
  const { index, isNew } = editor.editing;
  return { rules: isNew ? editor.rules.filter((_, at) => at !== index) : editor.rules, editing: null };
};

/** Save validates with the contract's rule (spec §5 messages); errors keep the row open. */
export const saveEdit = (editor: MappingEditor): MappingEditor => {
  if (!editor.editing) return editor;
  const rule = ruleOf(editor.editing.draft);
  const checked = pipelineMappingRuleSchema.safeParse(rule);
  if (!checked.success) {
    const errors = [...new Set(checked.error.issues.map((issue) => issue.message))];
    return { ...editor, editing: { ...editor.editing, errors } };
  }
  const rules = editor.rules.map((existing, at) => (at === editor.editing?.index ? checked.data : existing));
  return { rules, editing: null };
};

export const deleteRule = (editor: MappingEditor, index: number): MappingEditor =>
  editor.editing ? editor : { ...editor, rules: editor.rules.filter((_, at) => at !== index) };

/** Order is meaningful (the first matching rule wins): a rule moves one place up or down. */
export const moveRule = (editor: MappingEditor, index: number, by: -1 | 1): MappingEditor => {
  const target = index + by;
  if (editor.editing || target < 0 || target >= editor.rules.length) return editor;
  const rules = [...editor.rules];
  const [moved] = rules.splice(index, 1);
  if (moved) rules.splice(target, 0, moved);
  return { ...editor, rules };
};
