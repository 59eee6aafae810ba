/**
 * The batch's steps (docs/product.md, "Batches"): each is an entry in the browser's history
 * (`/batch?step=…`), so Back goes to the one before; the results are `/batch?id=…`.
 */
export const FORM_STEPS = ['photos', 'formats', 'options'] as const;
export type FormStep = (typeof FORM_STEPS)[number];

/** The step indicator's names: the three steps of the form, then the results. */
export const STEP_NAMES = ['Photos', 'Formats', 'File type', 'Results'] as const;

/** 1-based, as the step indicator counts. */
export const stepNumber = (step: FormStep) => FORM_STEPS.indexOf(step) + 1;
