import type { RelatedBudget } from './budget';
import type { RelatedPlan } from './related-plan';
import type { Selected } from './selection';

type Item = Record<string, unknown>;

/** The related fields inside a component field or dynamic zone, per component type, at any depth. */
export interface InsidePlan {
  name: string;
  /** The component type of a component field's values (a dynamic zone's name theirs in `__component`). */
  uid: string | null;
  byUid: Map<string, { related: RelatedPlan[]; nested: InsidePlan[] }>;
}

/** Compiles the `inside` of a selected component field or dynamic zone, the related plans made by `relatedOf`. */
export const compileInside = (
  selected: Selected & { inside: NonNullable<Selected['inside']> },
  relatedOf: (selected: Selected & { related: NonNullable<Selected['related']> }) => RelatedPlan
): InsidePlan => {
  const { field } = selected;
  const byUid = new Map<string, { related: RelatedPlan[]; nested: InsidePlan[] }>();
  for (const [uid, fields] of selected.inside) {
    const related: RelatedPlan[] = [];
    const nested: InsidePlan[] = [];
    for (const inner of fields.values()) {
      if (inner.related) related.push(relatedOf({ ...inner, related: inner.related }));
      if (inner.inside) nested.push(compileInside({ ...inner, inside: inner.inside }, relatedOf));
    }
    byUid.set(uid, { related, nested });
  }
  return { name: field.name, uid: field.kind === 'component' ? field.component.uid : null, byUid };
};

/**
 * The expansions of related records inside the loaded components of `items`: per component type and field, the
 * values of every item together, so each related field costs one statement for the whole page.
 */
export const insideWork = (
  items: Item[],
  plan: InsidePlan,
  work: Array<() => Promise<void>>,
  subject: string | undefined,
  budget: RelatedBudget
) => {
  const byUid = new Map<string, Item[]>();
  for (const item of items) {
    const value = item[plan.name];
    for (const component of (Array.isArray(value) ? value : value ? [value] : []) as Item[]) {
      const uid = plan.uid ?? (component.__component as string);
      const values = byUid.get(uid);
      if (values) values.push(component);
      else byUid.set(uid, [component]);
    }
  }
  for (const [uid, values] of byUid) {
    const entry = plan.byUid.get(uid);
    if (!entry) continue;
    for (const related of entry.related) work.push(() => related.expand(values, subject, budget));
    for (const nested of entry.nested) insideWork(values, nested, work, subject, budget);
  }
};
